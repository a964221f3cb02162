"""rtdl_revisiting_models: resnet_hidden_wrapped (wild-code corpus, benchmarks/wild)."""

import torch
from torch import nn

from rtdl_revisiting_models import ResNet


class Net(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        self.body = ResNet(**kwargs)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, *args):
        return self.body(*args) * self.scale


model = Net(
    d_in=8,
    d_out=2,
    n_blocks=1,
    d_block=16,
    d_hidden=48,
    d_hidden_multiplier=None,
    dropout1=0.1,
    dropout2=0.1,
)
