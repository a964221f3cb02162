# an infinite generator of blocks (channels doubling, capped) cut with itertools.islice
import itertools

import torch.nn as nn


def blocks(cin=3, start=16, cap=128):
    c = start
    while True:
        yield nn.Sequential(nn.Conv2d(cin, c, 3, stride=2, padding=1), nn.BatchNorm2d(c), nn.ReLU())
        cin, c = c, min(c * 2, cap)


model = nn.Sequential(*itertools.islice(blocks(), 6))
