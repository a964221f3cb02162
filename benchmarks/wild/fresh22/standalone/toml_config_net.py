"""A model configured from a TOML string parsed with tomllib, tables for encoder and heads."""

import tomllib
from torch import nn

CFG = tomllib.loads(
    """
[encoder]
channels = [1, 8, 16]
kernel = 5

[heads.cls]
out = 4

[heads.reg]
out = 2
"""
)


class Net(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        ch, k = cfg["encoder"]["channels"], cfg["encoder"]["kernel"]
        self.enc = nn.Sequential(*[nn.Conv1d(a, b, k) for a, b in zip(ch, ch[1:])])
        self.heads = nn.ModuleDict(
            {n: nn.Linear(ch[-1], h["out"]) for n, h in cfg["heads"].items()}
        )


model = Net(CFG)
