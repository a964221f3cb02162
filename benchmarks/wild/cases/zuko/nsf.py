"""zuko: nsf (wild-code corpus, benchmarks/wild)."""

from zuko.flows import NSF

model = NSF(
    features=4,
    context=0,
    transforms=2,
    bins=4,
    hidden_features=(16, 16),
)
