"""diffusers: autoencoder_kl_wrapped (wild-code corpus, benchmarks/wild)."""

import torch
from torch import nn

from diffusers import AutoencoderKL


class Net(nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        self.body = AutoencoderKL(**kwargs)
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, *args):
        return self.body(*args) * self.scale


model = Net(
    in_channels=3,
    out_channels=3,
    down_block_types=('DownEncoderBlock2D', 'DownEncoderBlock2D'),
    up_block_types=('UpDecoderBlock2D', 'UpDecoderBlock2D'),
    block_out_channels=(16, 32),
    latent_channels=4,
    norm_num_groups=8,
    layers_per_block=1,
)
