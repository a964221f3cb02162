"""A function bound to one instance with types.MethodType adds two heads after construction."""

import types

import torch.nn as nn


class Trunk(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.dim = dim
        self.body = nn.Sequential(nn.Linear(12, dim), nn.ReLU(), nn.Linear(dim, dim))


def add_head(self, name, n_out):
    self.add_module(name, nn.Linear(self.dim, n_out))
    return getattr(self, name)


model = Trunk(dim=40)
model.add_head = types.MethodType(add_head, model)
model.add_head("cls", 6)
model.add_head("reg", 1)
