"""mlp_mixer_pytorch: mixer_expansion_wrapped (wild-code corpus, benchmarks/wild)."""

import torch
from torch import nn

from mlp_mixer_pytorch import MLPMixer


class Net(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        self.body = MLPMixer(**kwargs)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, *args):
        return self.body(*args) * self.scale


model = Net(
    image_size=32,
    channels=3,
    patch_size=4,
    dim=48,
    depth=2,
    num_classes=10,
    expansion_factor=2,
    expansion_factor_token=1,
)
