# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Size:
    def __init__(self, w):
        self.w = w

    def __eq__(self, other):
        return isinstance(other, Size) and self.w == other.w

    __hash__ = None


class Plain:
    def __init__(self, w):
        self.w = w


class M(nn.Module):
    def __init__(self):
        super().__init__()
        sizes = [Size(8), Size(16), Size(8)]
        self.a = nn.Linear(4, 4) if Size(16) in sizes else nn.Linear(4, 9)
        self.b = nn.Linear(sizes.count(Size(8)) + 1, sizes.index(Size(16)) + 2)
        plains = [Plain(8)]
        self.c = nn.Linear(3, 3) if Plain(8) in plains else nn.Linear(3, 11)


model = M()
