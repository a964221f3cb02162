"""ResNet-ish trunk whose layers come out of generator functions (yield / yield from)."""

import itertools

import torch.nn as nn


def conv_bn(cin, cout, stride=1):
    yield nn.Conv2d(cin, cout, 3, stride, 1, bias=False)
    yield nn.BatchNorm2d(cout)
    yield nn.ReLU(inplace=True)


def stage(cin, cout, depth, first_stride):
    yield from conv_bn(cin, cout, first_stride)
    for _ in range(depth - 1):
        yield from conv_bn(cout, cout)


def trunk(widths, depths):
    prev = 3
    for i, (w, d) in enumerate(zip(widths, depths)):
        yield from stage(prev, w, d, 1 if i == 0 else 2)
        prev = w


widths = (16, 32, 64)
depths = (1, 2, 2)
head = (m for m in [nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(widths[-1], 10)])
model = nn.Sequential(*itertools.chain(trunk(widths, depths), head))
