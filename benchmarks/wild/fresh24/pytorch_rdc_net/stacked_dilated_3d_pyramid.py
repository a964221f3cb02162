"""A 3D volume encoder: StackedDilatedConv blocks whose dilation lists shrink with depth."""

import torch.nn as nn
from pytorch_rdc_net.stacked_dilated_conv import StackedDilatedConv

RATES = [[1, 2, 4, 8], [1, 2, 4], [1, 2]]


def stage(cin, cout, rates, groups):
    return nn.Sequential(
        nn.Conv3d(cin, cout, 3, stride=2, padding=1),
        StackedDilatedConv(cout, cout, 3, rates, groups, dim=3),
    )


model = nn.Sequential(
    *[stage(c_in, c_out, r, 2) for c_in, c_out, r in zip([1, 8, 16], [8, 16, 32], RATES)]
)
