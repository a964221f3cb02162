"""Old-style torch.nn.utils.weight_norm on a TCN, then removed on the last block only (inference prep)."""

import torch.nn as nn
from torch.nn.utils import remove_weight_norm, weight_norm


class TemporalBlock(nn.Module):
    def __init__(self, cin, cout, k, dilation):
        super().__init__()
        pad = (k - 1) * dilation
        self.conv1 = weight_norm(nn.Conv1d(cin, cout, k, padding=pad, dilation=dilation))
        self.conv2 = weight_norm(nn.Conv1d(cout, cout, k, padding=pad, dilation=dilation))
        self.down = nn.Conv1d(cin, cout, 1) if cin != cout else None


class TCN(nn.Module):
    def __init__(self, cin=6, channels=(32, 32, 64, 64), k=3):
        super().__init__()
        blocks, prev = [], cin
        for i, ch in enumerate(channels):
            blocks.append(TemporalBlock(prev, ch, k, dilation=2**i))
            prev = ch
        self.blocks = nn.Sequential(*blocks)
        self.fc = nn.Linear(prev, 2)


model = TCN()
remove_weight_norm(model.blocks[-1].conv1)
remove_weight_norm(model.blocks[-1].conv2)
