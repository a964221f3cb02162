"""vit_pytorch: levit_levit_wrapped (wild-code corpus, benchmarks/wild)."""

import torch
from torch import nn

from vit_pytorch.levit import LeViT


class Net(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        self.body = LeViT(**kwargs)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, *args):
        return self.body(*args) * self.scale


model = Net(
    image_size=64,
    num_classes=10,
    dim=(32, 48, 64),
    depth=1,
    heads=(2, 3, 4),
    mlp_mult=2,
)
