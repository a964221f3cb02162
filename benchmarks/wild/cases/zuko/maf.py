"""zuko: maf (wild-code corpus, benchmarks/wild)."""

from zuko.flows import MAF

model = MAF(
    features=4,
    context=2,
    transforms=2,
    hidden_features=(32, 32),
)
