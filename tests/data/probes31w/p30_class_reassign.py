# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Small:
    width = 3

    def depth(self):
        return 1


class Large:
    width = 11

    def depth(self):
        return 3


class M(nn.Module):
    def __init__(self):
        super().__init__()
        c = Small()
        c.__class__ = Large
        self.layers = nn.ModuleList(nn.Linear(c.width, 2) for _ in range(c.depth()))


model = M()
