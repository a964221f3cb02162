"""A ResNet-like plan given as a flat list of (stage, width); itertools.groupby turns it into stages."""

import itertools

import torch.nn as nn

PLAN = [(0, 32), (0, 32), (1, 64), (1, 64), (1, 64), (2, 128), (2, 128)]


def make(plan, in_ch=3):
    stages, cin = [], in_ch
    for _, blocks in itertools.groupby(plan, key=lambda p: p[0]):
        mods = []
        for j, (_, w) in enumerate(blocks):
            mods += [
                nn.Conv2d(cin, w, 3, stride=2 if j == 0 else 1, padding=1, bias=False),
                nn.BatchNorm2d(w),
                nn.ReLU(),
            ]
            cin = w
        stages.append(nn.Sequential(*mods))
    return nn.Sequential(*stages)


model = make(PLAN, in_ch=3)
