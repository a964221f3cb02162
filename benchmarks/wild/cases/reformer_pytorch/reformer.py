"""reformer_pytorch: reformer (wild-code corpus, benchmarks/wild)."""

from reformer_pytorch import Reformer

model = Reformer(
    dim=64,
    depth=2,
    heads=4,
    lsh_dropout=0.1,
    causal=True,
)
