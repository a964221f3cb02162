"""performer_pytorch: lm_tied_config (wild-code corpus, benchmarks/wild)."""

from performer_pytorch import PerformerLM

config = dict(
    num_tokens=100,
    max_seq_len=64,
    dim=64,
    depth=2,
    heads=4,
    dim_head=16,
    tie_embed=True,
)
model = PerformerLM(**config)
