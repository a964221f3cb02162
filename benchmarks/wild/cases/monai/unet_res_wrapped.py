"""monai: unet_res_wrapped (wild-code corpus, benchmarks/wild)."""

import torch
from torch import nn

from monai.networks.nets import UNet


class Net(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        self.body = UNet(**kwargs)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, *args):
        return self.body(*args) * self.scale


model = Net(
    spatial_dims=3,
    in_channels=1,
    out_channels=2,
    channels=(8, 16, 32),
    strides=(2, 2),
    num_res_units=2,
)
