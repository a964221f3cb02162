"""Tabular data with categorical columns: torchtuples' MixedInputMLP with entity embeddings."""

import torchtuples as tt

num_embeddings = [7, 12, 31, 4]  # cardinalities of the categorical columns
embedding_dims = [min(50, (n + 1) // 2) for n in num_embeddings]
model = tt.practical.MixedInputMLP(
    in_features=6,
    num_embeddings=num_embeddings,
    embedding_dims=embedding_dims,
    num_nodes=[64, 64],
    out_features=1,
    batch_norm=False,
    dropout=0.1,
    output_bias=False,
)
