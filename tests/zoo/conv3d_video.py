"""Zoo: 3-D convolutions with tuple kernels and strides, BatchNorm3d, AdaptiveAvgPool3d."""

import torch.nn as nn


class Video(nn.Module):
    def __init__(self, classes=6):
        super().__init__()
        self.c1 = nn.Conv3d(3, 12, kernel_size=(3, 5, 5), stride=(1, 2, 2), padding=(1, 2, 2))
        self.b1 = nn.BatchNorm3d(12)
        self.c2 = nn.Conv3d(12, 24, (1, 3, 3), bias=False)
        self.b2 = nn.BatchNorm3d(24, affine=False)
        self.pool = nn.AdaptiveAvgPool3d(1)
        self.fc = nn.Linear(24, classes)


ENTRY = "Video"
CONFIG = None
INPUT = None


def build():
    return Video()
