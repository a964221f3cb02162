# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Small:
    def width(self):
        return 8


class Large:
    def width(self):
        return 96


class M(nn.Module):
    def __init__(self):
        super().__init__()
        spec = Small()
        first = nn.Linear(spec.width(), 4)
        spec.__class__ = Large
        self.layers = nn.Sequential(first, nn.Linear(4, spec.width()))


model = M()
