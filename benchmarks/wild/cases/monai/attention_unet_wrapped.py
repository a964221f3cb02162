"""monai: attention_unet_wrapped (wild-code corpus, benchmarks/wild)."""

import torch
from torch import nn

from monai.networks.nets import AttentionUnet


class Net(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        self.body = AttentionUnet(**kwargs)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, *args):
        return self.body(*args) * self.scale


model = Net(
    spatial_dims=2,
    in_channels=1,
    out_channels=2,
    channels=(8, 16, 32),
    strides=(2, 2),
)
