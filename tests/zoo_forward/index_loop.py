"""Blocks reached by index in a range loop, with the count from a config object."""

from dataclasses import dataclass

import torch.nn as nn
import torch.nn.functional as F

INPUT = (2, 10, 48)


@dataclass
class Config:
    hidden: int = 48
    layers: int = 3
    classes: int = 7


class Layer(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.dense = nn.Linear(cfg.hidden, cfg.hidden)
        self.norm = nn.LayerNorm(cfg.hidden)

    def forward(self, x):
        return self.norm(x + F.silu(self.dense(x)))


class Net(nn.Module):
    def __init__(self, cfg=None):
        super().__init__()
        cfg = cfg if cfg is not None else Config()
        self.cfg = cfg
        self.layers = nn.ModuleList([Layer(cfg) for _ in range(cfg.layers)])
        self.cls = nn.Linear(cfg.hidden, cfg.classes)

    def forward(self, x):
        for i in range(self.cfg.layers):
            x = self.layers[i](x)
        return self.cls(x.mean(dim=1))
