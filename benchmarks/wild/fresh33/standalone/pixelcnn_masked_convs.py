"""PixelCNN with type-A / type-B masked convolutions (masks registered as buffers), residual blocks, a 256-way head per channel."""

import torch
from torch import nn


class MaskedConv2d(nn.Conv2d):
    def __init__(self, mask_type, *args, **kwargs):
        super().__init__(*args, **kwargs)
        assert mask_type in {"A", "B"}
        self.register_buffer("mask", torch.ones_like(self.weight))
        _, _, kh, kw = self.weight.shape
        self.mask[:, :, kh // 2, kw // 2 + (mask_type == "B") :] = 0
        self.mask[:, :, kh // 2 + 1 :] = 0


class ResidualBlock(nn.Module):
    def __init__(self, h):
        super().__init__()
        self.net = nn.Sequential(
            nn.ReLU(),
            nn.Conv2d(2 * h, h, 1),
            nn.ReLU(),
            MaskedConv2d("B", h, h, 3, padding=1),
            nn.ReLU(),
            nn.Conv2d(h, 2 * h, 1),
        )


class PixelCNN(nn.Module):
    def __init__(self, in_channels=1, h=32, n_blocks=5, levels=256):
        super().__init__()
        self.input = MaskedConv2d("A", in_channels, 2 * h, 7, padding=3)
        self.blocks = nn.Sequential(*[ResidualBlock(h) for _ in range(n_blocks)])
        self.out = nn.Sequential(
            nn.ReLU(),
            MaskedConv2d("B", 2 * h, 2 * h, 1),
            nn.ReLU(),
            MaskedConv2d("B", 2 * h, in_channels * levels, 1),
        )


model = PixelCNN(in_channels=3, h=16, n_blocks=4, levels=64)
