# a nested dict turned into SimpleNamespace objects recursively, accessed with dots
import json
from types import SimpleNamespace

import torch.nn as nn

cfg = json.loads(
    '{"backbone": {"depths": [2, 2, 4], "widths": [32, 64, 128]}, "head": {"classes": 37, "hidden": 256}}',
    object_hook=lambda d: SimpleNamespace(**d),
)
layers, cin = [], 3
for depth, width in zip(cfg.backbone.depths, cfg.backbone.widths):
    for i in range(depth):
        layers += [
            nn.Conv2d(cin, width, 3, stride=2 if i == 0 else 1, padding=1),
            nn.BatchNorm2d(width),
            nn.ReLU(),
        ]
        cin = width
model = nn.Sequential(
    *layers,
    nn.AdaptiveAvgPool2d(1),
    nn.Flatten(),
    nn.Linear(cin, cfg.head.hidden),
    nn.ReLU(),
    nn.Linear(cfg.head.hidden, cfg.head.classes),
)
