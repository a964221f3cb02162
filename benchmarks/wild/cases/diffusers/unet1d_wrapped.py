"""diffusers: unet1d_wrapped (wild-code corpus, benchmarks/wild)."""

import torch
from torch import nn

from diffusers import UNet1DModel


class Net(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        self.body = UNet1DModel(**kwargs)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, *args):
        return self.body(*args) * self.scale


model = Net(
    sample_size=64,
    in_channels=2,
    out_channels=2,
    block_out_channels=(16, 32, 64),
    extra_in_channels=16,
    down_block_types=('DownBlock1DNoSkip', 'DownBlock1D', 'AttnDownBlock1D'),
    up_block_types=('AttnUpBlock1D', 'UpBlock1D', 'UpBlock1DNoSkip'),
    mid_block_type='UNetMidBlock1D',
)
