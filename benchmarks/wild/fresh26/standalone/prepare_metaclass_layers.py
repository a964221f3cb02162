"""A metaclass whose __prepare__ namespace records every assignment in a class body, repeated names included."""

import torch.nn as nn


class Recording(dict):
    def __init__(self):
        super().__init__()
        self.layers = []

    def __setitem__(self, key, value):
        if key == "layer":
            self.layers.append(value)
        super().__setitem__(key, value)


class LayerMeta(type):
    @classmethod
    def __prepare__(mcs, name, bases):
        return Recording()

    def __new__(mcs, name, bases, ns):
        cls = super().__new__(mcs, name, bases, dict(ns))
        cls.widths = list(ns.layers)
        return cls


class Arch(metaclass=LayerMeta):
    layer = 32
    layer = 64
    layer = 64
    layer = 16


prev = 12
mods = []
for w in Arch.widths:
    mods.append(nn.Linear(prev, w))
    prev = w
model = nn.Sequential(*mods)
