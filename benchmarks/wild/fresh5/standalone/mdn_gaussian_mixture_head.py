"""A mixture density network for 1-D regression (Bishop): a trunk, then pi, sigma and mu heads
for K Gaussians over an output of dimension O, the heads gathered in a ModuleDict by name."""

import torch.nn as nn


class MDN(nn.Module):
    def __init__(self, in_features, out_features, num_gaussians, hidden=(64, 64)):
        super().__init__()
        trunk, d = [], in_features
        for h in hidden:
            trunk += [nn.Linear(d, h), nn.Tanh()]
            d = h
        self.trunk = nn.Sequential(*trunk)
        sizes = {"pi": num_gaussians, "sigma": out_features * num_gaussians, "mu": out_features * num_gaussians}
        self.heads = nn.ModuleDict({name: nn.Linear(d, n) for name, n in sizes.items()})
        self.softmax = nn.Softmax(dim=1)


model = MDN(in_features=3, out_features=2, num_gaussians=5, hidden=(32, 32))
