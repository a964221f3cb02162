"""performer_pytorch: performer_wrapped (wild-code corpus, benchmarks/wild)."""

import torch
from torch import nn

from performer_pytorch import Performer


class Net(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        self.body = Performer(**kwargs)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, *args):
        return self.body(*args) * self.scale


model = Net(
    dim=64,
    depth=2,
    heads=4,
    dim_head=16,
    causal=True,
)
