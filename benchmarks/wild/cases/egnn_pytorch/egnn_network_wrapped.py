"""egnn_pytorch: egnn_network_wrapped (wild-code corpus, benchmarks/wild)."""

import torch
from torch import nn

from egnn_pytorch import EGNN_Network


class Net(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        self.body = EGNN_Network(**kwargs)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, *args):
        return self.body(*args) * self.scale


model = Net(
    num_tokens=21,
    dim=32,
    depth=2,
    num_positions=64,
    m_dim=16,
)
