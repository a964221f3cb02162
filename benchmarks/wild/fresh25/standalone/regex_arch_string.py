"""A conv stack parsed with re.findall from an architecture string like 'c16k3-c32k5-p-c64k3'."""

import re

import torch.nn as nn

ARCH = "c16k3-c32k5-p-c64k3-p"
layers, ch = [], 1
for kind, out, k in re.findall(r"(c|p)(\d*)(?:k(\d+))?", ARCH):
    if kind == "p":
        layers.append(nn.MaxPool2d(2))
    else:
        layers += [nn.Conv2d(ch, int(out), int(k), padding=int(k) // 2), nn.ReLU()]
        ch = int(out)
model = nn.Sequential(*layers)
