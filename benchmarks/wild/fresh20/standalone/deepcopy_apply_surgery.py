"""deepcopy stack of a prototype block, an EMA copy, and apply()-based init that swaps a bias."""

import copy

import torch
import torch.nn as nn


class Block(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.ff = nn.Sequential(
            nn.LayerNorm(d), nn.Linear(d, 2 * d), nn.GELU(), nn.Linear(2 * d, d)
        )


def init(m):
    if isinstance(m, nn.Linear):
        nn.init.xavier_uniform_(m.weight)
        if m.bias is not None and m.out_features == m.in_features:
            m.bias = None
            m.register_parameter("scale", nn.Parameter(torch.ones(m.out_features)))


class Net(nn.Module):
    def __init__(self, d=40, n=3):
        super().__init__()
        proto = Block(d)
        self.blocks = nn.ModuleList(copy.deepcopy(proto) for _ in range(n))
        self.apply(init)
        self.ema = copy.deepcopy(self.blocks)
        self.ema.requires_grad_(False)


model = Net()
