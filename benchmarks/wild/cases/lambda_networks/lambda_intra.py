"""lambda_networks: lambda_intra (wild-code corpus, benchmarks/wild)."""

from lambda_networks import LambdaLayer

model = LambdaLayer(
    dim=16,
    dim_out=16,
    r=3,
    dim_k=8,
    heads=2,
    dim_u=2,
)
