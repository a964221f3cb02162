"""zuko: realnvp_config (wild-code corpus, benchmarks/wild)."""

from zuko.flows import RealNVP

config = dict(
    features=6,
    transforms=3,
    hidden_features=(32,),
)
model = RealNVP(**config)
