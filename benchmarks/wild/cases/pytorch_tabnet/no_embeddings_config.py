"""pytorch_tabnet: no_embeddings_config (wild-code corpus, benchmarks/wild)."""

import torch
from pytorch_tabnet.tab_network import TabNetNoEmbeddings

config = dict(
    input_dim=10,
    output_dim=2,
    n_d=8,
    n_a=8,
    n_steps=3,
)
model = TabNetNoEmbeddings(**config)
