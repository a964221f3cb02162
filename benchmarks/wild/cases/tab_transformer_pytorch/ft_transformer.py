"""tab_transformer_pytorch: ft_transformer (wild-code corpus, benchmarks/wild)."""

from tab_transformer_pytorch import FTTransformer

model = FTTransformer(
    categories=(10, 5, 6),
    num_continuous=4,
    dim=32,
    depth=2,
    heads=4,
    dim_out=1,
)
