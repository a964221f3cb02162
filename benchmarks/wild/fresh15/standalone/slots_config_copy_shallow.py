"""A __slots__ config; a block shallow-copied with copy.copy (shares its parameters) and one deep-copied."""

import copy

import torch.nn as nn


class Cfg:
    __slots__ = ("dim", "depth", "mlp_ratio", "classes")

    def __init__(self, dim=128, depth=3, mlp_ratio=3, classes=7):
        self.dim = dim
        self.depth = depth
        self.mlp_ratio = mlp_ratio
        self.classes = classes


class MLPBlock(nn.Module):
    def __init__(self, dim, ratio):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc1 = nn.Linear(dim, dim * ratio)
        self.fc2 = nn.Linear(dim * ratio, dim)


class Net(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        proto = MLPBlock(cfg.dim, cfg.mlp_ratio)
        blocks = [proto]
        for i in range(1, cfg.depth):
            # odd positions reuse the prototype's tensors (a shallow copy), even ones get their own
            blocks.append(copy.copy(proto) if i % 2 else copy.deepcopy(proto))
        self.blocks = nn.ModuleList(blocks)
        self.head = nn.Linear(cfg.dim, cfg.classes)


model = Net(Cfg(dim=96, depth=5))
