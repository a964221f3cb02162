"""zuko: cnf (wild-code corpus, benchmarks/wild)."""

from zuko.flows import CNF

model = CNF(
    features=3,
    hidden_features=(32, 32),
)
