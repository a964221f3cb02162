"""axial_attention: axial_attention_2d_wrapped (wild-code corpus, benchmarks/wild)."""

import torch
from torch import nn

from axial_attention import AxialAttention


class Net(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        self.body = AxialAttention(**kwargs)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, *args):
        return self.body(*args) * self.scale


model = Net(
    dim=32,
    dim_index=1,
    heads=4,
    num_dimensions=2,
)
