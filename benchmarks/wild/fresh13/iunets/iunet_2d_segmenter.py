"""A 2D invertible U-Net with a 1x1 conv lifting to more channels and a classifier head."""

import torch.nn as nn
from iunets import iUNet


class Segmenter(nn.Module):
    def __init__(self, in_ch=1, hidden=8, classes=3):
        super().__init__()
        self.lift = nn.Conv2d(in_ch, hidden, 1)
        self.iunet = iUNet(in_channels=hidden, architecture=(2, 2, 2), dim=2, verbose=0)
        self.out = nn.Conv2d(hidden, classes, 1)


model = Segmenter(in_ch=1, hidden=8, classes=3)
