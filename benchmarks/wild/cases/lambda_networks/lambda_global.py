"""lambda_networks: lambda_global (wild-code corpus, benchmarks/wild)."""

from lambda_networks import LambdaLayer

model = LambdaLayer(
    dim=32,
    dim_out=64,
    n=64,
    dim_k=16,
    heads=4,
    dim_u=4,
)
