"""performer_pytorch: lm_tied (wild-code corpus, benchmarks/wild)."""

from performer_pytorch import PerformerLM

model = PerformerLM(
    num_tokens=100,
    max_seq_len=64,
    dim=64,
    depth=2,
    heads=4,
    dim_head=16,
    tie_embed=True,
)
