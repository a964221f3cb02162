# user repo: GroupNorm subclass picking the group count with math.gcd; UNet-ish encoder
import math

import torch.nn as nn


class AutoGroupNorm(nn.GroupNorm):
    def __init__(self, channels, max_groups=32):
        super().__init__(math.gcd(channels, max_groups), channels)


channels = [3, 48, 96, 160, 320]
layers = []
for a, b in zip(channels[:-1], channels[1:]):
    layers += [nn.Conv2d(a, b, 3, padding=1), AutoGroupNorm(b), nn.SiLU(), nn.AvgPool2d(2)]
model = nn.Sequential(*layers)
