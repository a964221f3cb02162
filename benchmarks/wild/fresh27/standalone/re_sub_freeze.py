"""Parameters frozen by pattern: `re.sub` strips the layer indices, and names that become `blocks.norm.*` freeze."""

import re

import torch.nn as nn


class Block(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.norm = nn.LayerNorm(d)
        self.fc = nn.Linear(d, d)


class Net(nn.Module):
    def __init__(self, d, n):
        super().__init__()
        self.blocks = nn.ModuleList(Block(d) for _ in range(n))
        self.out = nn.Linear(d, 1)


model = Net(d=24, n=3)
for name, p in model.named_parameters():
    if re.sub(r"\.\d+\.", ".", name).startswith("blocks.norm."):
        p.requires_grad_(False)
