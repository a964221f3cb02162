# stage widths as an IntEnum: members are ints, iteration follows definition order
import enum

import torch.nn as nn


class Width(enum.IntEnum):
    STEM = 24
    STAGE1 = 48
    STAGE2 = 96
    STAGE3 = 192


stages = list(Width)
model = nn.Sequential(
    nn.Conv2d(3, Width.STEM, 3, 2, 1),
    *[
        nn.Sequential(nn.Conv2d(a, b, 3, 2, 1, bias=False), nn.BatchNorm2d(b), nn.ReLU())
        for a, b in zip(stages, stages[1:])
    ],
    nn.AdaptiveAvgPool2d(1),
    nn.Flatten(),
    nn.Linear(Width.STAGE3, 10),
)
