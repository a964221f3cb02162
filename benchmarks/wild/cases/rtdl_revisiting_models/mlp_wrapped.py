"""rtdl_revisiting_models: mlp_wrapped (wild-code corpus, benchmarks/wild)."""

import torch
from torch import nn

from rtdl_revisiting_models import MLP


class Net(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        self.body = MLP(**kwargs)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, *args):
        return self.body(*args) * self.scale


model = Net(
    d_in=10,
    d_out=1,
    n_blocks=2,
    d_block=32,
    dropout=0.1,
)
