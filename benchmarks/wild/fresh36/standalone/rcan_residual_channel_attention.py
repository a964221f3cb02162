# RCAN: residual groups of residual channel-attention blocks, pixel-shuffle upsampler
import math

import torch.nn as nn


class CALayer(nn.Module):
    def __init__(self, c, r=16):
        super().__init__()
        self.du = nn.Sequential(
            nn.AdaptiveAvgPool2d(1),
            nn.Conv2d(c, c // r, 1),
            nn.ReLU(True),
            nn.Conv2d(c // r, c, 1),
            nn.Sigmoid(),
        )


class RCAB(nn.Module):
    def __init__(self, c, r=16):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv2d(c, c, 3, padding=1),
            nn.ReLU(True),
            nn.Conv2d(c, c, 3, padding=1),
            CALayer(c, r),
        )


class ResidualGroup(nn.Module):
    def __init__(self, c, n_blocks):
        super().__init__()
        self.body = nn.Sequential(
            *[RCAB(c) for _ in range(n_blocks)], nn.Conv2d(c, c, 3, padding=1)
        )


class Upsampler(nn.Sequential):
    def __init__(self, scale, c):
        layers = []
        if scale & (scale - 1) == 0:  # a power of two: log2(scale) x2 stages
            for _ in range(int(math.log2(scale))):
                layers += [nn.Conv2d(c, 4 * c, 3, padding=1), nn.PixelShuffle(2)]
        else:
            layers += [nn.Conv2d(c, 9 * c, 3, padding=1), nn.PixelShuffle(3)]
        super().__init__(*layers)


class RCAN(nn.Module):
    def __init__(self, n_groups=3, n_blocks=4, c=32, scale=4):
        super().__init__()
        self.head = nn.Conv2d(3, c, 3, padding=1)
        self.body = nn.Sequential(
            *[ResidualGroup(c, n_blocks) for _ in range(n_groups)], nn.Conv2d(c, c, 3, padding=1)
        )
        self.tail = nn.Sequential(Upsampler(scale, c), nn.Conv2d(c, 3, 3, padding=1))


model = RCAN(n_groups=3, n_blocks=4, c=32, scale=4)
