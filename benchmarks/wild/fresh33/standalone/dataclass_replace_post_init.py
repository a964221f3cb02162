"""dataclasses.replace chains: __post_init__ re-derives an init=False field on every replace; InitVar feeds it."""

import dataclasses

from torch import nn


@dataclasses.dataclass(frozen=True)
class BlockCfg:
    dim: int = 64
    heads: int = 4
    expand: dataclasses.InitVar[int] = 2
    head_dim: int = dataclasses.field(init=False, default=0)
    hidden: int = dataclasses.field(init=False, default=0)

    def __post_init__(self, expand):
        object.__setattr__(self, "head_dim", self.dim // self.heads)
        object.__setattr__(self, "hidden", self.dim * expand)


base = BlockCfg()
small = dataclasses.replace(base, dim=48, expand=2)
wide = dataclasses.replace(small, heads=3, expand=4)
plain = dataclasses.replace(wide, dim=40, expand=2)


class Block(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.qkv = nn.Linear(c.dim, 3 * c.heads * c.head_dim)
        self.ff = nn.Sequential(nn.Linear(c.dim, c.hidden), nn.GELU(), nn.Linear(c.hidden, c.dim))


model = nn.ModuleList([Block(c) for c in (small, wide, plain)])
