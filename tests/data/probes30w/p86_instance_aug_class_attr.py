# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Block(nn.Module):
    n = 0
    tags = ()

    def __init__(self):
        super().__init__()
        self.n += 1
        self.tags += ("x",)
        self.l = nn.Linear(4 * self.n + len(self.tags), 2)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList(Block() for _ in range(3))
        self.c = nn.Linear(Block.n + len(Block.tags) + 1, 2)


model = M()
