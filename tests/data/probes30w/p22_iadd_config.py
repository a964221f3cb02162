# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Width:
    def __init__(self, w):
        self.w = w

    def __iadd__(self, n):
        self.w += n
        return self


class Frozen:
    def __init__(self, w):
        self.w = w

    def __add__(self, n):
        return Frozen(self.w + n)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        a = Width(8)
        alias = a
        a += 8
        f = Frozen(8)
        falias = f
        f += 8
        self.a = nn.Linear(alias.w, 2)
        self.b = nn.Linear(falias.w, f.w)


model = M()
