"""vector_quantize_pytorch: fsq_wrapped (wild-code corpus, benchmarks/wild)."""

import torch
from torch import nn

from vector_quantize_pytorch import FSQ


class Net(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        self.body = FSQ(**kwargs)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, *args):
        return self.body(*args) * self.scale


model = Net(
    levels=[8, 5, 5, 5],
    dim=32,
)
