"""zuko: sospf (wild-code corpus, benchmarks/wild)."""

from zuko.flows import SOSPF

model = SOSPF(
    features=3,
    transforms=2,
    degree=3,
    polynomials=2,
    hidden_features=(16,),
)
