"""tab_transformer_pytorch: tab_transformer_streams1_wrapped (wild-code corpus, benchmarks/wild)."""

import torch
from torch import nn

from tab_transformer_pytorch import TabTransformer


class Net(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        self.body = TabTransformer(**kwargs)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, *args):
        return self.body(*args) * self.scale


model = Net(
    categories=(3, 7),
    num_continuous=5,
    dim=16,
    depth=2,
    heads=2,
    num_residual_streams=1,
)
