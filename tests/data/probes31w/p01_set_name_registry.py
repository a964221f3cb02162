# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

FIELDS = []


class Field:
    def __init__(self, size):
        self.size = size

    def __set_name__(self, owner, name):
        FIELDS.append((owner.__name__, name, self.size))


class Cfg:
    width = Field(8)
    depth = Field(3)


class Other:
    heads = Field(5)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(s, len(n)) for _, n, s in FIELDS)


model = M()
