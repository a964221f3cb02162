"""Block specs with __add__ (concatenate) and __mul__ (repeat); each repeat builds fresh layers."""

import torch.nn as nn


class Spec:
    def __init__(self, items):
        self.items = list(items)

    def __add__(self, other):
        return Spec(self.items + other.items)

    def __mul__(self, n):
        return Spec(self.items * n)

    def build(self, c_in):
        mods = []
        for kind, c in self.items:
            if kind == "conv":
                mods += [nn.Conv2d(c_in, c, 3, padding=1), nn.BatchNorm2d(c), nn.ReLU()]
                c_in = c
            else:
                mods.append(nn.MaxPool2d(2))
        return nn.Sequential(*mods)


vgg_like = Spec([("conv", 16)]) * 2 + Spec([("pool", 0)]) + Spec([("conv", 32), ("pool", 0)]) * 2
model = vgg_like.build(3)
