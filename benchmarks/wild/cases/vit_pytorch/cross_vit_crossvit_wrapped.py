"""vit_pytorch: cross_vit_crossvit_wrapped (wild-code corpus, benchmarks/wild)."""

import torch
from torch import nn

from vit_pytorch.cross_vit import CrossViT


class Net(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        self.body = CrossViT(**kwargs)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, *args):
        return self.body(*args) * self.scale


model = Net(
    image_size=32,
    num_classes=10,
    sm_dim=32,
    lg_dim=64,
    sm_patch_size=8,
    lg_patch_size=16,
    sm_enc_mlp_dim=64,
    lg_enc_mlp_dim=128,
    lg_enc_depth=1,
    depth=1,
)
