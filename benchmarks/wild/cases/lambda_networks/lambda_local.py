"""lambda_networks: lambda_local (wild-code corpus, benchmarks/wild)."""

from lambda_networks import LambdaLayer

model = LambdaLayer(
    dim=32,
    dim_out=32,
    r=5,
    dim_k=16,
    heads=4,
    dim_u=1,
)
