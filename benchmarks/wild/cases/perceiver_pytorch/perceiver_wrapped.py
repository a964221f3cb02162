"""perceiver_pytorch: perceiver_wrapped (wild-code corpus, benchmarks/wild)."""

import torch
from torch import nn

from perceiver_pytorch import Perceiver


class Net(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        self.body = Perceiver(**kwargs)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, *args):
        return self.body(*args) * self.scale


model = Net(
    input_channels=3,
    input_axis=2,
    num_freq_bands=4,
    max_freq=10.0,
    depth=2,
    num_latents=16,
    latent_dim=32,
    cross_heads=1,
    latent_heads=4,
    cross_dim_head=16,
    latent_dim_head=16,
    num_classes=10,
)
