"""A light segmentation decoder with a Hamburger context block (SegNeXt's LightHam head style)."""

import torch.nn as nn
from hamburger_pytorch import Hamburger


class LightHamHead(nn.Module):
    def __init__(self, in_channels=(32, 64, 160), ham_channels=96, feat_hw=16, num_classes=19):
        super().__init__()
        self.squeeze = nn.Sequential(
            nn.Conv2d(sum(in_channels), ham_channels, 1, bias=False),
            nn.BatchNorm2d(ham_channels),
            nn.ReLU(inplace=True),
        )
        self.hamburger = Hamburger(dim=ham_channels, n=feat_hw * feat_hw, ratio=8, K=6)
        self.align = nn.Sequential(
            nn.Conv2d(ham_channels, ham_channels, 1, bias=False),
            nn.BatchNorm2d(ham_channels),
            nn.ReLU(inplace=True),
        )
        self.cls_seg = nn.Conv2d(ham_channels, num_classes, 1)

    def forward(self, x):
        x = self.squeeze(x)
        x = self.hamburger(x)
        return self.cls_seg(self.align(x))


model = LightHamHead(in_channels=(32, 64, 160), ham_channels=96, feat_hw=16, num_classes=19)
