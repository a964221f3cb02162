"""Zoo: a temporal conv net -- Conv1d stack with dilation 2**i, GroupNorm, residual 1x1 convs."""

import torch.nn as nn
import torch.nn.functional as F


class TemporalBlock(nn.Module):
    def __init__(self, cin, cout, kernel, dilation):
        super().__init__()
        pad = (kernel - 1) * dilation // 2
        self.conv = nn.Conv1d(cin, cout, kernel, padding=pad, dilation=dilation)
        self.norm = nn.GroupNorm(4, cout)
        self.res = nn.Conv1d(cin, cout, 1) if cin != cout else nn.Identity()

    def forward(self, x):  # (B, C, T), T kept by the "same" padding
        return F.relu(self.norm(self.conv(x))) + self.res(x)


class TCN(nn.Module):
    def __init__(self, channels=(16, 32, 32, 64), kernel=3):
        super().__init__()
        blocks = []
        cin = 8
        for i, c in enumerate(channels):
            blocks.append(TemporalBlock(cin, c, kernel, dilation=2**i))
            cin = c
        self.net = nn.Sequential(*blocks)

    def forward(self, x):
        return self.net(x)


ENTRY = "TCN"
CONFIG = None
INPUT = (2, 8, 50)


def build():
    return TCN()
