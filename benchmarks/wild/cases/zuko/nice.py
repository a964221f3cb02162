"""zuko: nice (wild-code corpus, benchmarks/wild)."""

from zuko.flows import NICE

model = NICE(
    features=6,
    context=3,
    transforms=2,
    hidden_features=(16, 16),
)
