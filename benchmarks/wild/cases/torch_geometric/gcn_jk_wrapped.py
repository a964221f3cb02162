"""torch_geometric: gcn_jk_wrapped (wild-code corpus, benchmarks/wild)."""

import torch
from torch import nn

from torch_geometric.nn.models import GCN


class Net(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        self.body = GCN(**kwargs)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, *args):
        return self.body(*args) * self.scale


model = Net(
    in_channels=16,
    hidden_channels=32,
    num_layers=3,
    out_channels=4,
    jk='cat',
)
