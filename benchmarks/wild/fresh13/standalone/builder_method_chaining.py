"""A fluent builder: Builder().conv(16).conv(32).pool().flatten().dense(10).build()."""

import torch.nn as nn


class Builder:
    def __init__(self, in_ch=3, size=32):
        self.layers = []
        self.ch = in_ch
        self.size = size
        self.flat = None

    def conv(self, out, k=3):
        self.layers += [nn.Conv2d(self.ch, out, k, padding=k // 2), nn.BatchNorm2d(out), nn.ReLU()]
        self.ch = out
        return self

    def pool(self):
        self.layers.append(nn.MaxPool2d(2))
        self.size //= 2
        return self

    def flatten(self):
        self.layers.append(nn.Flatten())
        self.flat = self.ch * self.size * self.size
        return self

    def dense(self, out):
        self.layers.append(nn.Linear(self.flat, out))
        self.flat = out
        return self

    def build(self):
        return nn.Sequential(*self.layers)


model = (
    Builder(in_ch=1, size=16)
    .conv(8)
    .pool()
    .conv(16)
    .conv(16, k=1)
    .pool()
    .flatten()
    .dense(32)
    .dense(10)
    .build()
)
