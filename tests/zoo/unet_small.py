"""Zoo: a small U-Net -- down path, bottleneck, up path with ConvTranspose2d and skip concat."""

import torch
import torch.nn as nn


def double_conv(cin, cout):
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, padding=1),
        nn.BatchNorm2d(cout),
        nn.ReLU(inplace=True),
        nn.Conv2d(cout, cout, 3, padding=1),
        nn.BatchNorm2d(cout),
        nn.ReLU(inplace=True),
    )


class UNet(nn.Module):
    def __init__(self, in_channels=1, out_channels=2, features=(8, 16, 32)):
        super().__init__()
        self.downs = nn.ModuleList()
        self.ups = nn.ModuleList()
        self.pool = nn.MaxPool2d(kernel_size=2, stride=2)
        ch = in_channels
        for f in features:
            self.downs.append(double_conv(ch, f))
            ch = f
        self.bottleneck = double_conv(features[-1], features[-1] * 2)
        for f in reversed(features):
            self.ups.append(nn.ConvTranspose2d(f * 2, f, kernel_size=2, stride=2))
            self.ups.append(double_conv(f * 2, f))
        self.final = nn.Conv2d(features[0], out_channels, kernel_size=1)

    def forward(self, x):
        skips = []
        for down in self.downs:
            x = down(x)
            skips.append(x)
            x = self.pool(x)
        x = self.bottleneck(x)
        skips = skips[::-1]
        for i in range(0, len(self.ups), 2):
            x = self.ups[i](x)
            x = torch.cat((skips[i // 2], x), dim=1)
            x = self.ups[i + 1](x)
        return self.final(x)


ENTRY = "UNet"
CONFIG = None
INPUT = (1, 1, 32, 32)


def build():
    return UNet()
