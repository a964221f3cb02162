"""Tabular input embedding (5 continuous + 3 categorical columns) with a GEGLU and a SwiGLU feed-forward."""

import torch.nn as nn
from pytorch_tabular.models.common.layers import GEGLU, Embedding1dLayer, SwiGLU

cat_dims = [(10, 4), (7, 3), (25, 6)]
d_in = 5 + sum(d for _, d in cat_dims)
model = nn.Sequential(
    Embedding1dLayer(
        continuous_dim=5,
        categorical_embedding_dims=cat_dims,
        embedding_dropout=0.1,
        batch_norm_continuous_input=True,
    ),
    GEGLU(d_model=d_in, d_ff=32),
    SwiGLU(d_model=d_in, d_ff=16),
)
