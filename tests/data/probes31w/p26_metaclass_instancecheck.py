# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Meta(type):
    def __instancecheck__(cls, obj):
        return isinstance(obj, int) and obj > 3


class Big(metaclass=Meta):
    pass


class M(nn.Module):
    def __init__(self):
        super().__init__()
        xs = [1, 5, 8, 2]
        self.layers = nn.ModuleList(nn.Linear(x, 2) for x in xs if isinstance(x, Big))


model = M()
