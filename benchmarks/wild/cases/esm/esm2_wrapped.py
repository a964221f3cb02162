"""esm: esm2_wrapped (wild-code corpus, benchmarks/wild)."""

import torch
from torch import nn

from esm.model.esm2 import ESM2


class Net(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        self.body = ESM2(**kwargs)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, *args):
        return self.body(*args) * self.scale


model = Net(
    num_layers=2,
    embed_dim=64,
    attention_heads=4,
)
