"""zuko: realnvp (wild-code corpus, benchmarks/wild)."""

from zuko.flows import RealNVP

model = RealNVP(
    features=6,
    transforms=3,
    hidden_features=(32,),
)
