"""siren_pytorch: siren_net_wrapped (wild-code corpus, benchmarks/wild)."""

import torch
from torch import nn

from siren_pytorch import SirenNet


class Net(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        self.body = SirenNet(**kwargs)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, *args):
        return self.body(*args) * self.scale


model = Net(
    dim_in=2,
    dim_hidden=64,
    dim_out=3,
    num_layers=3,
)
