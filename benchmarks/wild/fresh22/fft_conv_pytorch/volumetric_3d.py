"""A small volumetric encoder mixing FFTConv3d (big receptive field) and ordinary Conv3d."""

from fft_conv_pytorch import FFTConv3d
from torch import nn


class VolEnc(nn.Module):
    def __init__(self, c=6):
        super().__init__()
        self.big = FFTConv3d(2, c, kernel_size=(5, 7, 7), padding=(2, 3, 3), bias=True)
        self.norm = nn.InstanceNorm3d(c, affine=True)
        self.small = nn.Conv3d(c, c * 2, 3, stride=2)


model = VolEnc()
