# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


KINDS = []


class Registered(type):
    def __init__(cls, name, bases, ns):
        super().__init__(name, bases, ns)
        if bases:
            KINDS.append(cls)


class Block(metaclass=Registered):
    width = 0


class Small(Block):
    width = 4


class Large(Block):
    width = 16


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(k.width, 2) for k in KINDS)


model = M()
