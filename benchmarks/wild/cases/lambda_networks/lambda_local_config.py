"""lambda_networks: lambda_local_config (wild-code corpus, benchmarks/wild)."""

from lambda_networks import LambdaLayer

config = dict(
    dim=32,
    dim_out=32,
    r=5,
    dim_k=16,
    heads=4,
    dim_u=1,
)
model = LambdaLayer(**config)
