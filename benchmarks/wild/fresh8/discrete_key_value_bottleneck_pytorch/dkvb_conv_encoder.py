"""A discrete key-value bottleneck over a frozen-style conv encoder's feature map, 4 codebooks."""

import torch.nn as nn
from discrete_key_value_bottleneck_pytorch import DiscreteKeyValueBottleneck

encoder = nn.Sequential(
    nn.Conv2d(3, 64, 4, 2, 1),
    nn.ReLU(),
    nn.Conv2d(64, 128, 4, 2, 1),
    nn.ReLU(),
    nn.Flatten(2),
)


class ToTokens(nn.Module):
    def __init__(self, enc):
        super().__init__()
        self.enc = enc

    def forward(self, x):
        return self.enc(x).transpose(1, 2)


model = DiscreteKeyValueBottleneck(
    encoder=ToTokens(encoder),
    dim=128,
    num_memories=256,
    num_memory_codebooks=4,
    dim_memory=64,
    decay=0.9,
)
