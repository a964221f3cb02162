# dataclasses.replace() over a base config for a sweep; the model is built from the last variant
from dataclasses import dataclass, field, replace

import torch.nn as nn


@dataclass(frozen=True)
class Cfg:
    in_ch: int = 3
    stem: int = 24
    stages: tuple = field(default=(24, 48, 96))
    classes: int = 10


base = Cfg()
sweep = [
    replace(base, stem=s, stages=tuple(x * s // 24 for x in base.stages)) for s in (16, 24, 32)
]
cfg = sweep[-1]
layers = [nn.Conv2d(cfg.in_ch, cfg.stem, 3, padding=1)]
cin = cfg.stem
for c in cfg.stages:
    layers += [nn.Conv2d(cin, c, 3, stride=2, padding=1), nn.BatchNorm2d(c), nn.Hardswish()]
    cin = c
model = nn.Sequential(*layers, nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(cin, cfg.classes))
