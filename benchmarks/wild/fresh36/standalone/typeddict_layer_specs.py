# layer specs typed with TypedDict (total=False: optional keys fall back to .get defaults)
from typing import TypedDict

import torch.nn as nn


class ConvSpec(TypedDict, total=False):
    out: int
    k: int
    stride: int
    bn: bool


specs: list[ConvSpec] = [
    {"out": 32, "k": 5, "stride": 2},
    {"out": 64, "bn": True},
    {"out": 64, "k": 1},
    {"out": 128, "stride": 2, "bn": True},
]

layers, cin = [], 1
for s in specs:
    k = s.get("k", 3)
    layers.append(
        nn.Conv2d(cin, s["out"], k, s.get("stride", 1), k // 2, bias=not s.get("bn", False))
    )
    if s.get("bn", False):
        layers.append(nn.BatchNorm2d(s["out"]))
    layers.append(nn.ReLU())
    cin = s["out"]

model = nn.Sequential(*layers, nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(cin, 26))
