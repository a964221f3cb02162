"""A small U-Net whose stages come from an Enum-keyed table; skip widths found with zip."""

import enum

import torch.nn as nn


class Level(enum.IntEnum):
    HIGH = 0
    MID = 1
    LOW = 2


WIDTH = {Level.HIGH: 16, Level.MID: 32, Level.LOW: 64}


def conv(cin, cout):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1), nn.GroupNorm(4, cout), nn.SiLU())


class UNet(nn.Module):
    def __init__(self, cin=1, cout=2):
        super().__init__()
        widths = [WIDTH[lv] for lv in sorted(Level)]
        self.stem = conv(cin, widths[0])
        self.down = nn.ModuleList(conv(a, b) for a, b in zip(widths, widths[1:]))
        self.up = nn.ModuleList(
            nn.ConvTranspose2d(b, a, 2, stride=2) for a, b in zip(widths[::-1][1:], widths[::-1])
        )
        self.fuse = nn.ModuleList(conv(2 * w, w) for w in widths[::-1][1:])
        self.out = nn.Conv2d(widths[0], cout, 1)


model = UNet()
