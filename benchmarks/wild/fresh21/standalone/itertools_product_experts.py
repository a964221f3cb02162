"""A grid of experts from itertools.product over (kernel, dilation); names built with f-strings into a ModuleDict."""

import itertools

import torch.nn as nn

KERNELS = (3, 5)
DILATIONS = (1, 2, 4)


class Grid(nn.Module):
    def __init__(self, ch=16):
        super().__init__()
        self.experts = nn.ModuleDict(
            {
                f"k{k}d{d}": nn.Conv1d(ch, ch, k, dilation=d, padding=d * (k // 2))
                for k, d in itertools.product(KERNELS, DILATIONS)
                if k * d <= 12
            }
        )
        self.router = nn.Linear(ch, len(self.experts))
        self.flat = list(itertools.chain.from_iterable((n, n.upper()) for n in self.experts))

    def forward(self, x):
        w = self.router(x.mean(-1)).softmax(-1)
        return sum(w[:, i, None, None] * e(x) for i, e in enumerate(self.experts.values()))


model = nn.Sequential(nn.Conv1d(4, 12, 1), Grid(12), nn.Conv1d(12, 2, 1))
