"""Architecture search sample: block widths drawn by random.Random(seed).choice (deterministic for the seed)."""

import random

import torch.nn as nn


def sample_net(seed=7, depth=4, choices=(16, 24, 32, 48)):
    rng = random.Random(seed)
    widths = [rng.choice(choices) for _ in range(depth)]
    chans = [3, *widths]
    layers = [
        nn.Sequential(nn.Conv2d(a, b, 3, padding=1), nn.ReLU()) for a, b in zip(chans, chans[1:])
    ]
    return nn.Sequential(*layers, nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(chans[-1], 10))


model = sample_net(seed=7, depth=4, choices=(16, 24, 32, 48))
