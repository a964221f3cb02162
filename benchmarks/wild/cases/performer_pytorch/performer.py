"""performer_pytorch: performer (wild-code corpus, benchmarks/wild)."""

from performer_pytorch import Performer

model = Performer(
    dim=64,
    depth=2,
    heads=4,
    dim_head=16,
    causal=True,
)
