# a fluent builder: each method returns self and records a layer
import torch.nn as nn


class Builder:
    def __init__(self, d):
        self.d, self.layers = d, []

    def dense(self, n, bias=True):
        self.layers.append(nn.Linear(self.d, n, bias=bias))
        self.d = n
        return self

    def norm(self):
        self.layers.append(nn.LayerNorm(self.d))
        return self

    def act(self):
        self.layers.append(nn.Mish())
        return self

    def build(self):
        return nn.Sequential(*self.layers)


model = Builder(64).dense(128).norm().act().dense(128, bias=False).act().dense(8).build()
