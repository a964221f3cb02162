# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import abc


class HasWidth(abc.ABC):
    @classmethod
    def __subclasshook__(cls, C):
        return True if "width" in vars(C) else NotImplemented


class A:
    width = 5


class B:
    depth = 5


class M(nn.Module):
    def __init__(self):
        super().__init__()
        n = sum(4 for c in (A, B) if issubclass(c, HasWidth))
        self.a = nn.Linear(n + 1, 2)


model = M()
