"""typing.Protocol for builders; concrete builder objects with __call__ compose the network."""

from typing import Protocol

import torch.nn as nn


class Builder(Protocol):
    def __call__(self, c_in: int) -> tuple[nn.Module, int]: ...


class ConvStage:
    def __init__(self, c_out, n):
        self.c_out, self.n = c_out, n

    def __call__(self, c_in):
        layers = []
        for i in range(self.n):
            layers += [
                nn.Conv2d(c_in if i == 0 else self.c_out, self.c_out, 3, padding=1, bias=False),
                nn.BatchNorm2d(self.c_out),
                nn.ReLU(),
            ]
        layers.append(nn.MaxPool2d(2))
        return nn.Sequential(*layers), self.c_out


class Classifier:
    def __init__(self, classes):
        self.classes = classes

    def __call__(self, c_in):
        return nn.Sequential(
            nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(c_in, self.classes)
        ), self.classes


def compose(builders: list[Builder], c_in=3):
    mods = []
    for b in builders:
        m, c_in = b(c_in)
        mods.append(m)
    return nn.Sequential(*mods)


model = compose([ConvStage(16, 2), ConvStage(32, 2), ConvStage(64, 3), Classifier(10)])
