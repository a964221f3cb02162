from operator import itemgetter

import torch.nn as nn

stages = [
    {"name": "c", "order": 2, "width": 96, "blocks": 1},
    {"name": "a", "order": 0, "width": 24, "blocks": 2},
    {"name": "b", "order": 1, "width": 48, "blocks": 3},
]
layers, cin = [], 3
for st in sorted(stages, key=itemgetter("order")):
    for i in range(st["blocks"]):
        layers += [nn.Conv2d(cin, st["width"], 3, 2 if i == 0 else 1, 1), nn.ReLU()]
        cin = st["width"]
model = nn.Sequential(*layers, nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(cin, 5))
