"""BatchEnsemble and Masksembles layers mixed in one network, sizes from a tuple table."""

import torch.nn as nn
from torch_uncertainty.layers import BatchConv2d, BatchLinear, MaskedLinear

M = 4
CONVS = ((3, 16), (16, 32))


class Mixed(nn.Module):
    def __init__(self):
        super().__init__()
        self.convs = nn.Sequential(
            *[BatchConv2d(i, o, kernel_size=3, num_estimators=M, padding=1) for i, o in CONVS]
        )
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc1 = BatchLinear(32, 64, num_estimators=M)
        self.fc2 = MaskedLinear(64, 10, num_estimators=M, scale=2.0)


model = Mixed()
