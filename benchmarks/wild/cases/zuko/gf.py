"""zuko: gf (wild-code corpus, benchmarks/wild)."""

from zuko.flows import GF

model = GF(
    features=3,
    transforms=2,
    components=4,
)
