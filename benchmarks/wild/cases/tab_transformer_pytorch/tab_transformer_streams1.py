"""tab_transformer_pytorch: tab_transformer_streams1 (wild-code corpus, benchmarks/wild)."""

from tab_transformer_pytorch import TabTransformer

model = TabTransformer(
    categories=(3, 7),
    num_continuous=5,
    dim=16,
    depth=2,
    heads=2,
    num_residual_streams=1,
)
