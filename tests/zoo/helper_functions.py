"""Zoo: module-building helper functions (conv_bn, make_stage) and module-level constants."""

import torch.nn as nn

STEM = 24
STAGES = [(24, 48, 2), (48, 96, 3), (96, 160, 2)]


def conv_bn(cin, cout, k=3, s=1):
    return nn.Sequential(
        nn.Conv2d(cin, cout, k, s, k // 2, bias=False), nn.BatchNorm2d(cout), nn.SiLU()
    )


def make_stage(cin, cout, n):
    layers = [conv_bn(cin, cout, s=2)]
    layers += [conv_bn(cout, cout) for _ in range(n - 1)]
    return nn.Sequential(*layers)


class Backbone(nn.Module):
    def __init__(self, num_classes=100):
        super().__init__()
        self.stem = conv_bn(3, STEM, s=2)
        self.stages = nn.Sequential(*[make_stage(a, b, n) for a, b, n in STAGES])
        self.fc = nn.Linear(STAGES[-1][1], num_classes)

    def forward(self, x):
        x = self.stages(self.stem(x))
        return self.fc(x.mean((2, 3)))  # global average pool over H, W


ENTRY = "Backbone"
CONFIG = None
INPUT = (2, 3, 64, 64)


def build():
    return Backbone()
