"""Deployment-time fusion: every Conv2d followed by a BatchNorm2d is folded with
torch.nn.utils.fusion.fuse_conv_bn_eval (the conv gains a bias, the norm becomes Identity)."""

import torch.nn as nn
from torch.nn.utils.fusion import fuse_conv_bn_eval


def conv_bn(i, o, k=3, s=1):
    return [nn.Conv2d(i, o, k, s, k // 2, bias=False), nn.BatchNorm2d(o), nn.ReLU6()]


class TinyNet(nn.Module):
    def __init__(self, widths=(16, 24, 32, 64), classes=100):
        super().__init__()
        layers = conv_bn(3, widths[0], s=2)
        for a, b in zip(widths, widths[1:]):
            layers += conv_bn(a, b, s=2) + conv_bn(b, b, k=1)
        self.features = nn.Sequential(*layers)
        self.head = nn.Sequential(
            nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(widths[-1], classes)
        )


def fuse_all(seq):
    mods = list(seq)
    for i in range(len(mods) - 1):
        if isinstance(mods[i], nn.Conv2d) and isinstance(mods[i + 1], nn.BatchNorm2d):
            mods[i] = fuse_conv_bn_eval(mods[i].eval(), mods[i + 1].eval())
            mods[i + 1] = nn.Identity()
    return nn.Sequential(*mods)


model = TinyNet()
model.features = fuse_all(model.features)
