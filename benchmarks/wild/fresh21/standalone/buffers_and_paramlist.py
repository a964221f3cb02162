"""Non-persistent buffers, a ParameterList grown in a loop, and a shared module repeated in a ModuleList."""

import math

import torch
import torch.nn as nn


class Fourier(nn.Module):
    def __init__(self, n_freq=16, scale=10.0):
        super().__init__()
        self.register_buffer("B", torch.randn(2, n_freq) * scale, persistent=False)
        self.register_buffer("two_pi", torch.tensor(2 * math.pi))

    def forward(self, x):
        p = self.two_pi * x @ self.B
        return torch.cat([p.sin(), p.cos()], -1)


class Field(nn.Module):
    def __init__(self, n_freq=16, hidden=64, depth=4):
        super().__init__()
        self.enc = Fourier(n_freq)
        self.ws = nn.ParameterList()
        self.bs = nn.ParameterList()
        dims = [2 * n_freq] + [hidden] * depth + [3]
        for a, b in zip(dims, dims[1:]):
            self.ws.append(nn.Parameter(torch.randn(a, b) / a**0.5))
            self.bs.append(nn.Parameter(torch.zeros(b)))
        shared = nn.LayerNorm(hidden)
        self.norms = nn.ModuleList([shared] * depth)

    def forward(self, x):
        h = self.enc(x)
        for i, (w, b) in enumerate(zip(self.ws, self.bs)):
            h = h @ w + b
            if i < len(self.norms):
                h = self.norms[i](h).relu()
        return h


model = Field(n_freq=8, hidden=32, depth=3)
