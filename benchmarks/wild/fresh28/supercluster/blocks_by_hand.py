"""SuperCluster's building blocks by hand: an MLP encoder and two cross-transformer layers over learned prototypes."""

import torch
import torch.nn as nn
from supercluster import CrossTransformerLayer, MLPBlock


class ProtoNet(nn.Module):
    def __init__(self, d_in, d_model, n_proto):
        super().__init__()
        self.encoder = MLPBlock(d_in, d_model, num_layers=2, hidden_size=32)
        self.prototypes = nn.Parameter(torch.zeros(n_proto, d_model))
        self.cross = nn.ModuleList(
            [CrossTransformerLayer(d_model, 4, 2 * d_model) for _ in range(2)]
        )
        self.out = nn.Linear(d_model, 1)


model = ProtoNet(d_in=9, d_model=16, n_proto=6)
