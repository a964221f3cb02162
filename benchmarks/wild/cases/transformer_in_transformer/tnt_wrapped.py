"""transformer_in_transformer: tnt_wrapped (wild-code corpus, benchmarks/wild)."""

import torch
from torch import nn

from transformer_in_transformer import TNT


class Net(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        self.body = TNT(**kwargs)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, *args):
        return self.body(*args) * self.scale


model = Net(
    image_size=32,
    patch_dim=64,
    pixel_dim=16,
    patch_size=8,
    pixel_size=4,
    depth=2,
    num_classes=10,
    heads=4,
    dim_head=16,
)
