import torch.nn as nn


def pyramid(c_in=1, c=16, size=128, min_size=8, grow=1.5):
    layers = []
    while size > min_size:
        c_out = int(c * grow)
        layers += [nn.Conv2d(c_in, c_out, 3, stride=2, padding=1), nn.BatchNorm2d(c_out), nn.ReLU()]
        c_in, c, size = c_out, c_out, size // 2
    return nn.Sequential(*layers), c_in


features, c = pyramid(size=96)
model = nn.Sequential(features, nn.Flatten(), nn.LazyLinear(10) if False else nn.Linear(c * 36, 10))
