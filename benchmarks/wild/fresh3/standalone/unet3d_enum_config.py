from enum import Enum

import torch.nn as nn


class Norm(str, Enum):
    BATCH = "batch"
    INSTANCE = "instance"
    GROUP = "group"


def make_norm(kind: Norm, ch: int) -> nn.Module:
    if kind is Norm.BATCH:
        return nn.BatchNorm3d(ch)
    if kind is Norm.INSTANCE:
        return nn.InstanceNorm3d(ch, affine=True)
    return nn.GroupNorm(min(8, ch), ch)


class DoubleConv(nn.Sequential):
    def __init__(self, cin, cout, norm):
        super().__init__(
            nn.Conv3d(cin, cout, 3, padding=1, bias=False), make_norm(norm, cout), nn.ReLU(inplace=True),
            nn.Conv3d(cout, cout, 3, padding=1, bias=False), make_norm(norm, cout), nn.ReLU(inplace=True),
        )


class UNet3D(nn.Module):
    def __init__(self, in_ch=1, n_classes=2, base=16, levels=4, norm=Norm.GROUP):
        super().__init__()
        chans = [base * 2**i for i in range(levels)]
        self.down = nn.ModuleList()
        c = in_ch
        for ch in chans:
            self.down.append(DoubleConv(c, ch, norm))
            c = ch
        self.pool = nn.MaxPool3d(2)
        self.up = nn.ModuleList()
        self.dec = nn.ModuleList()
        for ch in reversed(chans[:-1]):
            self.up.append(nn.ConvTranspose3d(c, ch, 2, stride=2))
            self.dec.append(DoubleConv(2 * ch, ch, norm))
            c = ch
        self.out = nn.Conv3d(c, n_classes, 1)


model = UNet3D(in_ch=2, n_classes=4, base=8, levels=4, norm=Norm("instance"))
