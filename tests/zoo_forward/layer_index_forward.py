"""A block whose forward depends on its index (``self.layer_idx``): an extra ReLU on every
fourth block, which each block's own forward decides."""

import torch
import torch.nn as nn

INPUT = (3, 24)
RELU_BLOCKS = 2  # blocks 0 and 4 (the Gated ones are 0, 2, 4, 6)


class Gated(nn.Module):
    def __init__(self, d, layer_idx):
        super().__init__()
        self.layer_idx = layer_idx
        self.gate = nn.Linear(d, d)
        self.up = nn.Linear(d, d)
        self.down = nn.Linear(d, d)

    def forward(self, x):
        h = torch.sigmoid(self.gate(x)) * self.up(x)
        if self.layer_idx % 4 == 0:
            h = torch.relu(h)
        return x + self.down(h)


class Plain(nn.Module):
    def __init__(self, d, layer_idx):
        super().__init__()
        self.layer_idx = layer_idx
        self.norm = nn.LayerNorm(d)
        self.fc1 = nn.Linear(d, 2 * d)
        self.fc2 = nn.Linear(2 * d, d)

    def forward(self, x):
        return x + self.fc2(torch.tanh(self.fc1(self.norm(x))))


class Net(nn.Module):
    def __init__(self, d=24, n=8):
        super().__init__()
        self.layers = nn.ModuleList([Gated(d, i) if i % 2 == 0 else Plain(d, i) for i in range(n)])
        self.out = nn.Linear(d, 5)

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        return self.out(x)
