"""A small classifier with a Hamburger after each of its last two stages, from a dict of stages."""

import torch.nn as nn
from hamburger_pytorch import Hamburger

stages = {"stem": (3, 32, 32), "s1": (32, 64, 16), "s2": (64, 128, 8)}


def stage(cin, cout):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, 2, 1), nn.BatchNorm2d(cout), nn.GELU())


layers = []
for name, (cin, cout, hw) in stages.items():
    layers.append(stage(cin, cout))
    if name != "stem":
        layers.append(Hamburger(dim=cout, n=hw * hw, inner_dim=cout // 2))
layers += [nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(128, 100)]
model = nn.Sequential(*layers)
