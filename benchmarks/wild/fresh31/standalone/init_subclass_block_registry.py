"""Idiom: blocks register themselves through __init_subclass__ with a keyword (name=...); a subclass
registered under an existing name replaces the earlier entry, and an intermediate base with no name is
not registered at all. The model is built from a list of names."""

import torch.nn as nn


class Block(nn.Module):
    registry = {}

    def __init_subclass__(cls, name=None, **kwargs):
        super().__init_subclass__(**kwargs)
        if name is not None:
            Block.registry[name] = cls


class MLPBlock(Block, name="mlp"):
    def __init__(self, d):
        super().__init__()
        self.fc1 = nn.Linear(d, 2 * d)
        self.fc2 = nn.Linear(2 * d, d)


class ConvBase(Block):
    kernel = 3


class ConvBlock(ConvBase, name="conv"):
    def __init__(self, d):
        super().__init__()
        self.conv = nn.Conv1d(d, d, self.kernel, padding=1)


class WideMLPBlock(MLPBlock, name="mlp"):  # replaces "mlp"
    def __init__(self, d):
        super().__init__(d)
        self.fc3 = nn.Linear(d, d)


PLAN = ["mlp", "conv", "mlp"]
model = nn.Sequential(*[Block.registry[n](16) for n in PLAN])
