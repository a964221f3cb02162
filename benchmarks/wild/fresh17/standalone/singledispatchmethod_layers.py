from functools import singledispatchmethod

import torch.nn as nn


class Builder:
    def __init__(self, c_in):
        self.c = c_in

    @singledispatchmethod
    def make(self, spec):
        raise TypeError(spec)

    @make.register
    def _(self, spec: int):
        m = nn.Conv2d(self.c, spec, 3, padding=1)
        self.c = spec
        return m

    @make.register
    def _(self, spec: str):
        return {"pool": nn.MaxPool2d(2), "bn": nn.BatchNorm2d(self.c), "relu": nn.ReLU()}[spec]

    @make.register
    def _(self, spec: tuple):
        out, groups = spec
        m = nn.Conv2d(self.c, out, 3, padding=1, groups=groups)
        self.c = out
        return m


b = Builder(3)
plan = [32, "bn", "relu", (64, 4), "bn", "pool", 128, "relu", (128, 128)]
model = nn.Sequential(*map(b.make, plan))
