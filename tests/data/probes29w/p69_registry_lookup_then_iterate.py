# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

BLOCKS = {}


def block(cls):
    BLOCKS[cls.__name__.lower()] = cls
    return cls


@block
class Conv:
    width = 8


@block
class Attn:
    width = 24


@block
class Mlp:
    width = 4


class M(nn.Module):
    def __init__(self):
        super().__init__()
        first = BLOCKS["mlp"]
        self.first = nn.Linear(first.width, 2)
        widths = [c.width for c in BLOCKS.values()]
        self.pairs = nn.ModuleList(nn.Linear(a, b) for a, b in zip(widths, widths[1:]))
        self.n = nn.Linear(len(BLOCKS), 1)


model = M()
