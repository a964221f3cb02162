"""A ViT-style stem: the patch grid side is math.isqrt(num_patches); row and column position tables."""

import math

import torch
import torch.nn as nn


class PatchStem(nn.Module):
    def __init__(self, num_patches=49, patch=4, dim=32):
        super().__init__()
        side = math.isqrt(num_patches)
        self.proj = nn.Conv2d(3, dim, patch, stride=patch)
        self.row = nn.Parameter(torch.zeros(side, dim))
        self.col = nn.Parameter(torch.zeros(side, dim))
        self.cls = nn.Parameter(torch.zeros(1, 1, dim))


model = PatchStem(num_patches=50, patch=4, dim=32)
