# a one-shot NAS sample: operations drawn from a seeded random.Random, so the architecture is fixed
import random

import torch.nn as nn

OPS = {
    "conv3": lambda c: nn.Conv2d(c, c, 3, padding=1, bias=False),
    "conv5": lambda c: nn.Conv2d(c, c, 5, padding=2, bias=False),
    "sep3": lambda c: nn.Sequential(
        nn.Conv2d(c, c, 3, padding=1, groups=c, bias=False), nn.Conv2d(c, c, 1, bias=False)
    ),
    "skip": lambda c: nn.Identity(),
    "pool": lambda c: nn.MaxPool2d(3, 1, 1),
}

rng = random.Random(2024)
genotype = [rng.choice(sorted(OPS)) for _ in range(8)]

C = 48
model = nn.Sequential(
    nn.Conv2d(3, C, 3, padding=1, bias=False),
    nn.BatchNorm2d(C),
    *[OPS[name](C) for name in genotype],
    nn.AdaptiveAvgPool2d(1),
    nn.Flatten(),
    nn.Linear(C, 10),
)
