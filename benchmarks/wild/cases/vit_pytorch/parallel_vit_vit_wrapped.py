"""vit_pytorch: parallel_vit_vit_wrapped (wild-code corpus, benchmarks/wild)."""

import torch
from torch import nn

from vit_pytorch.parallel_vit import ViT


class Net(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        self.body = ViT(**kwargs)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, *args):
        return self.body(*args) * self.scale


model = Net(
    image_size=32,
    patch_size=8,
    num_classes=10,
    dim=64,
    depth=2,
    heads=4,
    mlp_dim=128,
)
