"""monai: vit_wrapped (wild-code corpus, benchmarks/wild)."""

import torch
from torch import nn

from monai.networks.nets import ViT


class Net(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        self.body = ViT(**kwargs)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, *args):
        return self.body(*args) * self.scale


model = Net(
    in_channels=1,
    img_size=(32, 32),
    patch_size=(8, 8),
    hidden_size=64,
    mlp_dim=128,
    num_layers=2,
    num_heads=4,
    spatial_dims=2,
)
