"""A config module synthesised with `types.ModuleType` and filled with `exec` of source text (the way some trainers load a .py config)."""

import types

import torch.nn as nn

source = """
width = 18
depth = width // 6
def head(n):
    return n * 2
"""
cfg = types.ModuleType("cfg")
exec(source, cfg.__dict__)
model = nn.Sequential(
    *[nn.Linear(cfg.width, cfg.width) for _ in range(cfg.depth)], nn.Linear(cfg.width, cfg.head(5))
)
