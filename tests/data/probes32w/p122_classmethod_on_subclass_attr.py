# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class A:
    size = 2

    @classmethod
    def make(cls):
        return cls.size * 3


class B(A):
    size = 5


WIDTHS = [A.make(), B.make(), B().make()]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
