"""Zoo: 3-D convolutions with tuple kernels and strides, BatchNorm3d, AdaptiveAvgPool3d."""

import torch.nn as nn
import torch.nn.functional as F


class Video(nn.Module):
    def __init__(self, classes=6):
        super().__init__()
        self.c1 = nn.Conv3d(3, 12, kernel_size=(3, 5, 5), stride=(1, 2, 2), padding=(1, 2, 2))
        self.b1 = nn.BatchNorm3d(12)
        self.c2 = nn.Conv3d(12, 24, (1, 3, 3), bias=False)
        self.b2 = nn.BatchNorm3d(24, affine=False)
        self.pool = nn.AdaptiveAvgPool3d(1)
        self.fc = nn.Linear(24, classes)

    def forward(self, clip):  # (B, 3, frames, H, W)
        x = F.relu(self.b1(self.c1(clip)))
        x = F.relu(self.b2(self.c2(x)))
        return self.fc(self.pool(x).flatten(1))


ENTRY = "Video"
CONFIG = None
INPUT = (2, 3, 8, 32, 32)


def build():
    return Video()
