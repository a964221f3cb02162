"""torch_geometric: schnet_wrapped (wild-code corpus, benchmarks/wild)."""

import torch
from torch import nn

from torch_geometric.nn.models import SchNet


class Net(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        self.body = SchNet(**kwargs)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, *args):
        return self.body(*args) * self.scale


model = Net(
    hidden_channels=32,
    num_filters=32,
    num_interactions=2,
    num_gaussians=20,
    cutoff=5.0,
)
