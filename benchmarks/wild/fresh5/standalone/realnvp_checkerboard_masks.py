"""RealNVP on 2-D data: alternating binary masks kept as buffers, scale and translation nets
built by lambdas, as in the popular single-file implementation."""

import torch
import torch.nn as nn


class RealNVP(nn.Module):
    def __init__(self, nets, nett, mask):
        super().__init__()
        self.register_buffer("mask", mask)
        self.t = nn.ModuleList([nett() for _ in range(len(mask))])
        self.s = nn.ModuleList([nets() for _ in range(len(mask))])


hidden = 64
nets = lambda: nn.Sequential(nn.Linear(2, hidden), nn.LeakyReLU(), nn.Linear(hidden, hidden), nn.LeakyReLU(), nn.Linear(hidden, 2), nn.Tanh())  # noqa: E731
nett = lambda: nn.Sequential(nn.Linear(2, hidden), nn.LeakyReLU(), nn.Linear(hidden, hidden), nn.LeakyReLU(), nn.Linear(hidden, 2))  # noqa: E731
masks = torch.tensor([[0, 1], [1, 0]] * 3, dtype=torch.float32)
model = RealNVP(nets, nett, masks)
