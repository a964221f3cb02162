"""Encoder layers as deep copies of one prototype; then torch.nn.utils.prune on two of them (weight_orig)."""

import copy

import torch.nn as nn
import torch.nn.utils.prune as prune


class Layer(nn.Module):
    def __init__(self, d=128, h=512):
        super().__init__()
        self.fc1 = nn.Linear(d, h)
        self.fc2 = nn.Linear(h, d)
        self.norm = nn.LayerNorm(d)


proto = Layer()
layers = nn.ModuleList(copy.deepcopy(proto) for _ in range(4))
layers.append(proto)  # the prototype itself is the last layer
for i in (0, 2):
    prune.l1_unstructured(layers[i].fc1, name="weight", amount=0.3)
prune.random_unstructured(layers[1].fc2, name="bias", amount=0.5)
model = layers
