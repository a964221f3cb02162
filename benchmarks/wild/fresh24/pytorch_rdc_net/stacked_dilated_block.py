"""A segmentation stem built from the library's StackedDilatedConv blocks (grouped, several dilations)."""

import torch.nn as nn
from pytorch_rdc_net.stacked_dilated_conv import StackedDilatedConv


class DilatedStem(nn.Module):
    def __init__(self, in_ch=3, width=48, groups=4, rates=(1, 2, 3, 5), depth=2, n_classes=3):
        super().__init__()
        self.inp = nn.Conv2d(in_ch, width, 3, padding=1)
        self.blocks = nn.Sequential(
            *[StackedDilatedConv(width, width, 3, list(rates), groups, dim=2) for _ in range(depth)]
        )
        self.out = nn.Conv2d(width, n_classes, 1)


model = DilatedStem(in_ch=3, width=48, groups=4, rates=(1, 2, 3, 5), depth=2, n_classes=3)
