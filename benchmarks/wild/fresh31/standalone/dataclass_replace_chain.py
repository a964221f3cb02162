"""Idiom: a frozen base config and per-stage variants by a chain of dataclasses.replace calls; replace
re-runs __post_init__, which derives head_dim from the new width (an InitVar-free derived field with
init=False)."""

import dataclasses

import torch.nn as nn


@dataclasses.dataclass(frozen=True)
class StageCfg:
    width: int = 32
    heads: int = 4
    mlp_ratio: int = 4
    head_dim: int = dataclasses.field(init=False, default=0)

    def __post_init__(self):
        object.__setattr__(self, "head_dim", self.width // self.heads)


class Stage(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.qkv = nn.Linear(c.width, 3 * c.heads * c.head_dim)
        self.mlp = nn.Sequential(
            nn.Linear(c.width, c.width * c.mlp_ratio),
            nn.GELU(),
            nn.Linear(c.width * c.mlp_ratio, c.width),
        )


base = StageCfg()
s1 = dataclasses.replace(base, width=24, heads=2)
s2 = dataclasses.replace(dataclasses.replace(s1, mlp_ratio=2), heads=3)
model = nn.ModuleList([Stage(base), Stage(s1), Stage(s2)])
