"""encodec: seanet_decoder_wrapped (wild-code corpus, benchmarks/wild)."""

import torch
from torch import nn

from encodec.modules import SEANetDecoder


class Net(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        self.body = SEANetDecoder(**kwargs)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, *args):
        return self.body(*args) * self.scale


model = Net(
    channels=1,
    dimension=32,
    n_filters=8,
    ratios=[4, 2],
    lstm=1,
)
