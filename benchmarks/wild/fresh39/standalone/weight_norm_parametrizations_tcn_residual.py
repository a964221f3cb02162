# a TCN whose convolutions use torch.nn.utils.parametrizations.weight_norm (original0 / original1)
import torch.nn as nn
from torch.nn.utils.parametrizations import weight_norm


class TemporalBlock(nn.Module):
    def __init__(self, cin, cout, k, dilation):
        super().__init__()
        pad = (k - 1) * dilation
        self.conv1 = weight_norm(nn.Conv1d(cin, cout, k, padding=pad, dilation=dilation))
        self.conv2 = weight_norm(nn.Conv1d(cout, cout, k, padding=pad, dilation=dilation))
        self.down = nn.Conv1d(cin, cout, 1) if cin != cout else None


channels = [25, 25, 25, 25]
blocks, cin = [], 1
for i, c in enumerate(channels):
    blocks.append(TemporalBlock(cin, c, k=7, dilation=2**i))
    cin = c
model = nn.ModuleList(blocks + [nn.Linear(cin, 10)])
