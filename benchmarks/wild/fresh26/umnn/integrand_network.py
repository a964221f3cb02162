"""UMNN's parallel integrand network (one network per input dimension, batched) behind an embedding MLP."""

import torch.nn as nn
from UMNN.UMNNMAF import EmbeddingNetwork

model = EmbeddingNetwork(
    in_d=3,
    hiddens_embedding=[12, 12],
    hiddens_integrand=[20, 20, 20],
    out_made=4,
    cond_in=0,
    act_func="Sigmoid",
)
model.readout = nn.Linear(3, 1)
