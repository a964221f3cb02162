"""WaveNet-ish stack using the parametrizations API for weight and spectral norm."""

import torch.nn as nn
from torch.nn.utils import parametrizations


def wn_conv(cin, cout, k, d):
    return parametrizations.weight_norm(
        nn.Conv1d(cin, cout, k, dilation=d, padding=d * (k - 1) // 2)
    )


class Stack(nn.Module):
    def __init__(self, ch=32, dilations=(1, 2, 4, 8)):
        super().__init__()
        self.inp = wn_conv(1, ch, 1, 1)
        self.layers = nn.ModuleList(wn_conv(ch, 2 * ch, 3, d) for d in dilations)
        self.skip = parametrizations.spectral_norm(nn.Conv1d(ch, ch, 1))
        self.out = (
            nn.utils.weight_norm(nn.Conv1d(ch, 1, 1))
            if hasattr(nn.utils, "weight_norm")
            else nn.Conv1d(ch, 1, 1)
        )


model = Stack(ch=24)
