"""A continual-learning classifier: an MLP embedder, the bottleneck, and a linear head."""

import torch.nn as nn
from discrete_key_value_bottleneck_pytorch import DiscreteKeyValueBottleneck


class Continual(nn.Module):
    def __init__(self, d_in=784, dim=256, classes=10):
        super().__init__()
        self.embed = nn.Sequential(nn.Linear(d_in, dim), nn.GELU(), nn.Linear(dim, dim))
        self.bottleneck = DiscreteKeyValueBottleneck(
            dim=dim, num_memories=512, num_memory_codebooks=2, dim_memory=32
        )
        self.head = nn.Linear(32, classes)


model = Continual()
