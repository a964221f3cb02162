"""performer_pytorch: lm_axial_config (wild-code corpus, benchmarks/wild)."""

from performer_pytorch import PerformerLM

config = dict(
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
model = PerformerLM(**config)
