"""A two-level U-Net: pooling down, transposed conv up, torch.cat skip connection."""

import torch
import torch.nn as nn
import torch.nn.functional as F

INPUT = (1, 3, 16, 16)


def conv_block(cin, cout):
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, padding=1), nn.BatchNorm2d(cout), nn.ReLU(inplace=True)
    )


class Net(nn.Module):
    def __init__(self, ch=8, classes=2):
        super().__init__()
        self.enc1 = conv_block(3, ch)
        self.enc2 = conv_block(ch, ch * 2)
        self.up = nn.ConvTranspose2d(ch * 2, ch, 2, stride=2)
        self.dec1 = conv_block(ch * 2, ch)
        self.out = nn.Conv2d(ch, classes, 1)

    def forward(self, x):
        s1 = self.enc1(x)  # (N, ch, H, W)
        b = self.enc2(F.max_pool2d(s1, 2))  # (N, 2ch, H/2, W/2)
        u = self.up(b)  # (N, ch, H, W)
        d = self.dec1(torch.cat([u, s1], dim=1))
        return self.out(d)
