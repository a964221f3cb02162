"""zuko: naf_config (wild-code corpus, benchmarks/wild)."""

from zuko.flows import NAF

config = dict(
    features=3,
    context=1,
    transforms=2,
    signal=8,
    hidden_features=(16,),
)
model = NAF(**config)
