"""Dual-pruned self-attention layers in a small U-Net's bottleneck."""

import torch.nn as nn
from ITTR_pytorch import DPSA


def down(i, o):
    return nn.Sequential(nn.Conv2d(i, o, 3, 2, 1), nn.GroupNorm(8, o), nn.SiLU())


def up(i, o):
    return nn.Sequential(nn.ConvTranspose2d(i, o, 4, 2, 1), nn.GroupNorm(8, o), nn.SiLU())


class AttnUNet(nn.Module):
    def __init__(self, c=64):
        super().__init__()
        self.inc = nn.Conv2d(3, c, 3, padding=1)
        self.d1, self.d2 = down(c, 2 * c), down(2 * c, 4 * c)
        self.attn = nn.ModuleList(
            DPSA(dim=4 * c, height_top_k=8, width_top_k=8, dim_head=32, heads=4) for _ in range(2)
        )
        self.u2, self.u1 = up(4 * c, 2 * c), up(4 * c, c)
        self.out = nn.Conv2d(2 * c, 1, 1)


model = AttnUNet()
