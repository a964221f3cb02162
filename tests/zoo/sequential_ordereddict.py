"""Zoo: nn.Sequential from an OrderedDict of named layers (VGG-style features)."""

from collections import OrderedDict

import torch
import torch.nn as nn


class VGGish(nn.Module):
    def __init__(self, cfg=(16, "M", 32, "M", 64, 64, "M")):
        super().__init__()
        layers = []
        c = 3
        for i, v in enumerate(cfg):
            if v == "M":
                layers.append((f"pool{i}", nn.MaxPool2d(2)))
            else:
                layers.append((f"conv{i}", nn.Conv2d(c, v, kernel_size=3, padding=1)))
                layers.append((f"relu{i}", nn.ReLU(inplace=True)))
                c = v
        self.features = nn.Sequential(OrderedDict(layers))
        self.classifier = nn.Linear(c * 4 * 4, 10)

    def forward(self, x):
        return self.classifier(torch.flatten(self.features(x), 1))


ENTRY = "VGGish"
CONFIG = None
INPUT = (2, 3, 32, 32)


def build():
    return VGGish()
