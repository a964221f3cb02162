# ShuffleNet-v1 style units: group count is gcd(channels, 8); nn.ChannelShuffle between grouped 1x1s
import math

import torch.nn as nn


def unit(cin, cout, g):
    mid = cout // 4
    return nn.Sequential(
        nn.Conv2d(cin, mid, 1, groups=g, bias=False),
        nn.BatchNorm2d(mid),
        nn.ReLU(),
        nn.ChannelShuffle(g),
        nn.Conv2d(mid, mid, 3, padding=1, groups=mid, bias=False),
        nn.BatchNorm2d(mid),
        nn.Conv2d(mid, cout, 1, groups=g, bias=False),
        nn.BatchNorm2d(cout),
    )


chans = [24, 240, 480, 960]
model = nn.Sequential(
    nn.Conv2d(3, 24, 3, 2, 1, bias=False),
    *[unit(a, b, math.gcd(a, 8) if a != 24 else 1) for a, b in zip(chans, chans[1:])],
    nn.AdaptiveAvgPool2d(1),
    nn.Flatten(),
    nn.Linear(960, 1000),
)
