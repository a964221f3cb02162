"""ModuleList grown with +=, extend and insert; the same module appended twice (shared)."""

import torch.nn as nn

shared = nn.Linear(32, 32)
layers = nn.ModuleList([nn.Linear(16, 32)])
layers += [nn.ReLU(), shared]
layers.extend([nn.ReLU(), shared])
layers.insert(1, nn.LayerNorm(32))
layers.append(nn.Linear(32, 4))
model = nn.Module()
model.layers = layers
model.extra = nn.ModuleList(
    layers[i] for i in range(len(layers)) if isinstance(layers[i], nn.Linear)
)
