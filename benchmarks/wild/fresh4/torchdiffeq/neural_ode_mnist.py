"""ODE-Net for MNIST in the style of the torchdiffeq example."""

import torch
import torch.nn as nn
from torchdiffeq import odeint_adjoint as odeint


def norm(dim):
    return nn.GroupNorm(min(32, dim), dim)


class ConcatConv2d(nn.Module):
    def __init__(self, dim_in, dim_out, ksize=3, stride=1, padding=1):
        super().__init__()
        self._layer = nn.Conv2d(dim_in + 1, dim_out, ksize, stride, padding)

    def forward(self, t, x):
        tt = torch.ones_like(x[:, :1, :, :]) * t
        return self._layer(torch.cat([tt, x], 1))


class ODEfunc(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm1 = norm(dim)
        self.relu = nn.ReLU(inplace=True)
        self.conv1 = ConcatConv2d(dim, dim)
        self.norm2 = norm(dim)
        self.conv2 = ConcatConv2d(dim, dim)
        self.norm3 = norm(dim)
        self.nfe = 0

    def forward(self, t, x):
        self.nfe += 1
        out = self.relu(self.norm1(x))
        out = self.conv1(t, out)
        out = self.relu(self.norm2(out))
        out = self.conv2(t, out)
        return self.norm3(out)


class ODEBlock(nn.Module):
    def __init__(self, odefunc):
        super().__init__()
        self.odefunc = odefunc
        self.integration_time = torch.tensor([0, 1]).float()

    def forward(self, x):
        out = odeint(self.odefunc, x, self.integration_time.type_as(x), rtol=1e-3, atol=1e-3)
        return out[1]


class Flatten(nn.Module):
    def forward(self, x):
        return x.view(x.size(0), -1)


downsampling_layers = [
    nn.Conv2d(1, 64, 3, 1),
    norm(64),
    nn.ReLU(inplace=True),
    nn.Conv2d(64, 64, 4, 2, 1),
    norm(64),
    nn.ReLU(inplace=True),
    nn.Conv2d(64, 64, 4, 2, 1),
]
feature_layers = [ODEBlock(ODEfunc(64))]
fc_layers = [
    norm(64),
    nn.ReLU(inplace=True),
    nn.AdaptiveAvgPool2d((1, 1)),
    Flatten(),
    nn.Linear(64, 10),
]

model = nn.Sequential(*downsampling_layers, *feature_layers, *fc_layers)
