"""tab_transformer_pytorch: tab_transformer_mlp (wild-code corpus, benchmarks/wild)."""

from tab_transformer_pytorch import TabTransformer

model = TabTransformer(
    categories=(10, 5),
    num_continuous=3,
    dim=16,
    depth=1,
    heads=2,
    dim_out=2,
    mlp_hidden_mults=(2, 1),
    use_shared_categ_embed=False,
)
