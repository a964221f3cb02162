# the architecture is a JSON string kept in the file
import json

import torch.nn as nn

ARCH = """
{"in": 1, "blocks": [
  {"out": 16, "k": 5, "pool": true},
  {"out": 32, "k": 3, "pool": true},
  {"out": 64, "k": 3, "pool": false}
 ], "classes": 10}
"""
spec = json.loads(ARCH)
layers, c = [], spec["in"]
for b in spec["blocks"]:
    layers += [nn.Conv2d(c, b["out"], b["k"], padding=b["k"] // 2), nn.ReLU()]
    if b["pool"]:
        layers.append(nn.MaxPool2d(2))
    c = b["out"]
model = nn.Sequential(*layers, nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(c, spec["classes"]))
