"""WaveNet vocoder stack with weight norm as a parametrization (torch.nn.utils.parametrizations)."""

import torch
from torch import nn
from torch.nn.utils.parametrizations import weight_norm


class ResidualLayer(nn.Module):
    def __init__(self, channels, skip, cond, dilation):
        super().__init__()
        self.dilated = weight_norm(
            nn.Conv1d(channels, 2 * channels, 3, padding=dilation, dilation=dilation)
        )
        self.cond = weight_norm(nn.Conv1d(cond, 2 * channels, 1))
        self.res = weight_norm(nn.Conv1d(channels, channels, 1))
        self.skip = weight_norm(nn.Conv1d(channels, skip, 1))

    def forward(self, x, c):
        a, b = (self.dilated(x) + self.cond(c)).chunk(2, dim=1)
        h = torch.tanh(a) * torch.sigmoid(b)
        return x + self.res(h), self.skip(h)


class WaveNet(nn.Module):
    def __init__(self, layers=12, stacks=2, channels=64, skip=128, cond=80, out=256):
        super().__init__()
        self.inp = nn.Conv1d(1, channels, 1)
        per_stack = layers // stacks
        self.layers = nn.ModuleList(
            ResidualLayer(channels, skip, cond, 2 ** (i % per_stack)) for i in range(layers)
        )
        self.out = nn.Sequential(
            nn.ReLU(), nn.Conv1d(skip, skip, 1), nn.ReLU(), nn.Conv1d(skip, out, 1)
        )


model = WaveNet()
