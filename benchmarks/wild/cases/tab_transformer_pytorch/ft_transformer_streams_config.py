"""tab_transformer_pytorch: ft_transformer_streams_config (wild-code corpus, benchmarks/wild)."""

from tab_transformer_pytorch import FTTransformer

config = dict(
    categories=(4, 4),
    num_continuous=2,
    dim=16,
    depth=1,
    heads=2,
    dim_out=3,
    num_residual_streams=1,
)
model = FTTransformer(**config)
