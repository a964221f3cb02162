"""Progressive GAN generator: equalized-LR convs (runtime He scale, weights N(0,1)), pixel norm, toRGB per level."""

import math

import torch
import torch.nn as nn


class WSConv2d(nn.Module):
    def __init__(self, i, o, k, p):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(o, i, k, k))
        self.bias = nn.Parameter(torch.zeros(o))
        self.scale = math.sqrt(2 / (i * k * k))
        self.padding = p


class PixelNorm(nn.Module):
    pass


class GBlock(nn.Module):
    def __init__(self, i, o):
        super().__init__()
        self.conv1 = WSConv2d(i, o, 3, 1)
        self.conv2 = WSConv2d(o, o, 3, 1)
        self.pn = PixelNorm()


FACTORS = [1, 1, 1, 1, 1 / 2, 1 / 4, 1 / 8]


class Generator(nn.Module):
    def __init__(self, z_dim=256, in_channels=256, img_channels=3):
        super().__init__()
        self.initial = nn.Sequential(
            PixelNorm(),
            nn.ConvTranspose2d(z_dim, in_channels, 4, 1, 0),
            nn.LeakyReLU(0.2),
            WSConv2d(in_channels, in_channels, 3, 1),
            nn.LeakyReLU(0.2),
            PixelNorm(),
        )
        self.prog_blocks = nn.ModuleList()
        self.rgb_layers = nn.ModuleList([WSConv2d(in_channels, img_channels, 1, 0)])
        for i in range(len(FACTORS) - 1):
            c_in, c_out = int(in_channels * FACTORS[i]), int(in_channels * FACTORS[i + 1])
            self.prog_blocks.append(GBlock(c_in, c_out))
            self.rgb_layers.append(WSConv2d(c_out, img_channels, 1, 0))


model = Generator()
