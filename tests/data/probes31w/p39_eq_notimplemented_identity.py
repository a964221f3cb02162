# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class A:
    def __eq__(self, other):
        return NotImplemented


class M(nn.Module):
    def __init__(self):
        super().__init__()
        x = A()
        n = (x == x) + (x == A()) * 2 + (A() != A()) * 4
        self.a = nn.Linear(n + 1, 2)


model = M()
