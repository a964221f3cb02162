"""A feature extractor frozen with requires_grad_(False), then its classifier replaced by
assigning a new Sequential and an extra stage appended with add_module()."""

import torch.nn as nn


def conv_bn(cin, cout, s=1):
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, s, 1, bias=False), nn.BatchNorm2d(cout), nn.Hardswish()
    )


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(conv_bn(3, 16, 2), conv_bn(16, 32, 2), conv_bn(32, 64, 2))
        self.classifier = nn.Linear(64, 1000)


model = Net()
model.requires_grad_(False)
model.features.add_module("extra", conv_bn(64, 96))
model.classifier = nn.Sequential(nn.Dropout(0.2), nn.Linear(96, 37))
