"""vit_pytorch: max_vit_maxvit_wrapped (wild-code corpus, benchmarks/wild)."""

import torch
from torch import nn

from vit_pytorch.max_vit import MaxViT


class Net(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        self.body = MaxViT(**kwargs)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, *args):
        return self.body(*args) * self.scale


model = Net(
    num_classes=10,
    dim=32,
    depth=(1, 1),
    dim_head=16,
    window_size=4,
)
