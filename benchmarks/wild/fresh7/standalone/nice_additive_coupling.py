"""NICE: four additive coupling layers (5 hidden layers of 1000 each) and a diagonal log-scale."""

import torch
import torch.nn as nn


class AdditiveCoupling(nn.Module):
    def __init__(self, dim, hidden, n_hidden, mask_config):
        super().__init__()
        half = dim // 2
        layers = [nn.Linear(half, hidden), nn.ReLU()]
        for _ in range(n_hidden - 1):
            layers += [nn.Linear(hidden, hidden), nn.ReLU()]
        layers.append(nn.Linear(hidden, half))
        self.m = nn.Sequential(*layers)
        self.mask_config = mask_config


class NICE(nn.Module):
    def __init__(self, dim=784, couplings=4, hidden=1000, n_hidden=5):
        super().__init__()
        self.couplings = nn.ModuleList(
            AdditiveCoupling(dim, hidden, n_hidden, i % 2) for i in range(couplings)
        )
        self.scaling = nn.Parameter(torch.zeros(1, dim))


model = NICE()
