"""torchaudio: hdemucs_wrapped (wild-code corpus, benchmarks/wild)."""

import torch
from torch import nn

from torchaudio import models


class Net(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        self.body = models.HDemucs(**kwargs)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, *args):
        return self.body(*args) * self.scale


model = Net(
    sources=['drums', 'bass'],
    channels=8,
    depth=3,
    nfft=512,
)
