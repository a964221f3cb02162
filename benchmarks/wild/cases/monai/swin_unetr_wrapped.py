"""monai: swin_unetr_wrapped (wild-code corpus, benchmarks/wild)."""

import torch
from torch import nn

from monai.networks.nets import SwinUNETR


class Net(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        self.body = SwinUNETR(**kwargs)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, *args):
        return self.body(*args) * self.scale


model = Net(
    in_channels=1,
    out_channels=2,
    feature_size=12,
    spatial_dims=2,
    depths=(1, 1, 1, 1),
)
