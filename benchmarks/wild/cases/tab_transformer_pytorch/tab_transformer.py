"""tab_transformer_pytorch: tab_transformer (wild-code corpus, benchmarks/wild)."""

from tab_transformer_pytorch import TabTransformer

model = TabTransformer(
    categories=(10, 5, 6),
    num_continuous=4,
    dim=32,
    depth=2,
    heads=4,
    dim_out=1,
)
