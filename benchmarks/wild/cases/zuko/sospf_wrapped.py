"""zuko: sospf_wrapped (wild-code corpus, benchmarks/wild)."""

import torch
from torch import nn

from zuko.flows import SOSPF


class Net(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        self.body = SOSPF(**kwargs)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, *args):
        return self.body(*args) * self.scale


model = Net(
    features=3,
    transforms=2,
    degree=3,
    polynomials=2,
    hidden_features=(16,),
)
