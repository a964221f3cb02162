"""A fluent builder object: attribute access names the layer type, calls add layers."""

import torch.nn as nn


class Builder:
    def __init__(self, width):
        self.width = width
        self.layers = []

    def __getattr__(self, name):
        layer_cls = getattr(nn, name)

        def add(*args, **kwargs):
            self.layers.append(layer_cls(*args, **kwargs))
            return self

        return add

    def build(self):
        return nn.Sequential(*self.layers)


model = Builder(64).Linear(10, 64).ReLU().Linear(64, 64).LayerNorm(64).Linear(64, 3).build()
