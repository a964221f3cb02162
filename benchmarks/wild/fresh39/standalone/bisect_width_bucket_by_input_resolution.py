# bisect picks a width preset from resolution breakpoints (as in a user's auto-scaling script)
import bisect

import torch.nn as nn

breakpoints = [64, 128, 224, 384]
presets = [(16, 2), (32, 3), (48, 3), (64, 4), (96, 4)]  # (base width, stages)
resolution = 160
base, stages = presets[bisect.bisect_right(breakpoints, resolution)]
layers, cin = [], 3
for i in range(stages):
    w = base * 2**i
    layers += [nn.Conv2d(cin, w, 3, stride=2, padding=1), nn.BatchNorm2d(w), nn.ReLU()]
    cin = w
model = nn.Sequential(*layers, nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(cin, 1))
