"""Blocks register themselves through __init_subclass__ with a class keyword."""

import torch.nn as nn

REGISTRY = {}


class Block(nn.Module):
    def __init_subclass__(cls, key=None, **kw):
        super().__init_subclass__(**kw)
        if key:
            REGISTRY[key] = cls


class Mlp(Block, key="mlp"):
    def __init__(self, d, mult=4):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(d, d * mult), nn.GELU(), nn.Linear(d * mult, d))


class Attn(Block, key="attn"):
    def __init__(self, d, heads=4):
        super().__init__()
        self.attn = nn.MultiheadAttention(d, heads, batch_first=True)


class Gated(Mlp, key="gated"):
    def __init__(self, d, mult=2):
        super().__init__(d, mult)
        self.gate = nn.Linear(d, d * mult)


model = nn.Sequential(*(REGISTRY[k](64) for k in ["attn", "mlp", "attn", "gated"]))
