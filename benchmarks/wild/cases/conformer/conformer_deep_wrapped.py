"""conformer: conformer_deep_wrapped (wild-code corpus, benchmarks/wild)."""

import torch
from torch import nn

from conformer import Conformer


class Net(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        self.body = Conformer(**kwargs)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, *args):
        return self.body(*args) * self.scale


model = Net(
    dim=48,
    depth=4,
    dim_head=12,
    heads=4,
    conv_expansion_factor=1,
)
