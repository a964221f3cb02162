"""tab_transformer_pytorch: ft_transformer_streams (wild-code corpus, benchmarks/wild)."""

from tab_transformer_pytorch import FTTransformer

model = FTTransformer(
    categories=(4, 4),
    num_continuous=2,
    dim=16,
    depth=1,
    heads=2,
    dim_out=3,
    num_residual_streams=1,
)
