"""Pre-norm MLP blocks with residual adds (``x + f(x)`` and ``x += f(x)``)."""

import torch.nn as nn
import torch.nn.functional as F

INPUT = (3, 7, 24)


class Block(nn.Module):
    def __init__(self, d, mult=4):
        super().__init__()
        self.norm = nn.LayerNorm(d)
        self.fc1 = nn.Linear(d, d * mult)
        self.fc2 = nn.Linear(d * mult, d)

    def forward(self, x):
        h = self.fc2(F.gelu(self.fc1(self.norm(x))))
        return x + h


class Net(nn.Module):
    def __init__(self, d=24):
        super().__init__()
        self.a = Block(d)
        self.b = Block(d, mult=2)
        self.gate = nn.Linear(d, d)
        self.out = nn.Linear(d, 10)

    def forward(self, x):
        x = self.a(x)
        x = self.b(x)
        x += self.gate(x)
        return self.out(x)
