# a VGG-like net from a spec string parsed with a regular expression ("c64x2" = two 64-channel convs)
import re

import torch.nn as nn

SPEC = "c32x2-M-c64x2-M-c128x3-M-d0.3"
TOKEN = re.compile(r"c(\d+)(?:x(\d+))?|M|d([0-9.]+)")

layers, c = [], 3
for tok in SPEC.split("-"):
    m = TOKEN.fullmatch(tok)
    if tok == "M":
        layers.append(nn.MaxPool2d(2))
    elif m.group(1):
        for _ in range(int(m.group(2) or 1)):
            layers += [nn.Conv2d(c, int(m.group(1)), 3, padding=1), nn.ReLU(inplace=True)]
            c = int(m.group(1))
    else:
        layers.append(nn.Dropout(float(m.group(3))))
model = nn.Sequential(*layers, nn.Flatten(), nn.Linear(c * 4 * 4, 10))
