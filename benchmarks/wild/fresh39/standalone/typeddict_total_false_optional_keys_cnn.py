# a TypedDict(total=False) config whose missing keys fall back to defaults via dict.get
from typing import TypedDict

import torch.nn as nn


class ConvCfg(TypedDict, total=False):
    channels: list
    kernel: int
    norm: bool
    classes: int


def build(cfg: ConvCfg) -> nn.Module:
    ch = cfg.get("channels", [32, 64])
    k = cfg.get("kernel", 3)
    layers, cin = [], 1
    for c in ch:
        layers.append(nn.Conv2d(cin, c, k, padding=k // 2, bias=not cfg.get("norm", True)))
        if cfg.get("norm", True):
            layers.append(nn.BatchNorm2d(c))
        layers.append(nn.ReLU())
        cin = c
    return nn.Sequential(
        *layers, nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(cin, cfg.get("classes", 10))
    )


model = build({"channels": [16, 32, 64, 128], "kernel": 5, "norm": False})
