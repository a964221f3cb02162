"""performer_pytorch: lm_axial (wild-code corpus, benchmarks/wild)."""

from performer_pytorch import PerformerLM

model = PerformerLM(
    num_tokens=100,
    max_seq_len=64,
    dim=64,
    depth=2,
    heads=4,
    dim_head=16,
    axial_position_emb=True,
    axial_position_shape=(8, 8),
    rotary_position_emb=False,
)
