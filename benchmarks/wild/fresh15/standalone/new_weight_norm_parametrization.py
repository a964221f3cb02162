"""A TCN with the new parametrizations.weight_norm (original0 / original1), one conv registered
twice in two places, and the parametrization removed from the output layer."""

import torch.nn as nn
from torch.nn.utils import parametrizations, parametrize


def wn_conv(cin, cout, k, d):
    return parametrizations.weight_norm(nn.Conv1d(cin, cout, k, dilation=d, padding=(k - 1) * d))


class TemporalBlock(nn.Module):
    def __init__(self, cin, cout, k, d):
        super().__init__()
        self.conv1 = wn_conv(cin, cout, k, d)
        self.conv2 = wn_conv(cout, cout, k, d)
        self.down = nn.Conv1d(cin, cout, 1) if cin != cout else None


class TCN(nn.Module):
    def __init__(self, cin=12, chans=(32, 32, 64, 64), k=3, out=6):
        super().__init__()
        blocks, prev = [], cin
        for i, c in enumerate(chans):
            blocks.append(TemporalBlock(prev, c, k, 2**i))
            prev = c
        self.net = nn.Sequential(*blocks)
        self.head = parametrizations.weight_norm(nn.Linear(prev, out))
        parametrize.remove_parametrizations(self.head, "weight")
        self.first_conv = self.net[0].conv1  # the same module, reachable twice


model = TCN()
