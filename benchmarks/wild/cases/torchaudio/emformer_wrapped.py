"""torchaudio: emformer_wrapped (wild-code corpus, benchmarks/wild)."""

import torch
from torch import nn

from torchaudio import models


class Net(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        self.body = models.Emformer(**kwargs)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, *args):
        return self.body(*args) * self.scale


model = Net(
    input_dim=64,
    num_heads=4,
    ffn_dim=128,
    num_layers=2,
    segment_length=4,
    right_context_length=1,
)
