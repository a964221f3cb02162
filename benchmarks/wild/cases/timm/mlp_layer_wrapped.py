"""timm: mlp_layer_wrapped (wild-code corpus, benchmarks/wild)."""

import torch
from torch import nn

from timm.layers import Mlp


class Net(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        self.body = Mlp(**kwargs)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, *args):
        return self.body(*args) * self.scale


model = Net(
    in_features=64,
    hidden_features=256,
    out_features=32,
)
