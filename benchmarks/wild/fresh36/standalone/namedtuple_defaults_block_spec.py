# block specs as a namedtuple with defaults (defaults apply to the rightmost fields)
from collections import namedtuple

import torch.nn as nn

Block = namedtuple("Block", ["cin", "cout", "expand", "stride", "se"], defaults=[1, 1, False])

SPECS = [
    Block(16, 16),
    Block(16, 24, 4, 2),
    Block(24, 24, 3),
    Block(24, 40, 3, 2, True),
    Block(40, 40, 3, se=True),
]


def build(b):
    mid = b.cin * b.expand
    layers = []
    if b.expand != 1:
        layers += [nn.Conv2d(b.cin, mid, 1, bias=False), nn.BatchNorm2d(mid), nn.ReLU()]
    layers += [
        nn.Conv2d(mid, mid, 3, b.stride, 1, groups=mid, bias=False),
        nn.BatchNorm2d(mid),
        nn.ReLU(),
    ]
    if b.se:
        layers += [
            nn.AdaptiveAvgPool2d(1),
            nn.Conv2d(mid, mid // 4, 1),
            nn.ReLU(),
            nn.Conv2d(mid // 4, mid, 1),
            nn.Hardsigmoid(),
        ]
    layers += [nn.Conv2d(mid, b.cout, 1, bias=False), nn.BatchNorm2d(b.cout)]
    return nn.Sequential(*layers)


model = nn.Sequential(nn.Conv2d(3, 16, 3, 2, 1, bias=False), *map(build, SPECS))
