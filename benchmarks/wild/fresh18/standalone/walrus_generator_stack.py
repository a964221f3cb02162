import torch.nn as nn


def widths(start, stop):
    w = start
    while (w := w * 2) <= stop:
        yield w


def stack(c_in=3, start=8, stop=128):
    layers, prev = [], c_in
    for w in widths(start, stop):
        layers += [nn.Conv2d(prev, w, 3, stride=2, padding=1), nn.GroupNorm(4, w), nn.SiLU()]
        prev = w
    return nn.Sequential(*layers), prev


body, out_ch = stack()
model = nn.Sequential(body, nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(out_ch, 5))
