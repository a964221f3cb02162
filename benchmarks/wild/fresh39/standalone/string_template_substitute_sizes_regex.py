# a string.Template architecture line, substituted and parsed with a regex ("conv3x3-64", "fc-256")
import re
import string

import torch.nn as nn

arch = string.Template(
    "conv3x3-${w} conv3x3-${w} pool conv3x3-${w2} pool fc-${h} fc-${n}"
).substitute(w=48, w2=96, h=256, n=10)
layers, ch, flat = [], 3, None
for tok in arch.split():
    if m := re.fullmatch(r"conv(\d)x\1-(\d+)", tok):
        k, c = int(m.group(1)), int(m.group(2))
        layers += [nn.Conv2d(ch, c, k, padding=k // 2), nn.ReLU()]
        ch = c
    elif tok == "pool":
        layers.append(nn.MaxPool2d(2))
    elif m := re.fullmatch(r"fc-(\d+)", tok):
        if flat is None:
            layers += [nn.AdaptiveAvgPool2d(4), nn.Flatten()]
            flat = ch * 16
        layers.append(nn.Linear(flat, int(m.group(1))))
        flat = int(m.group(1))
model = nn.Sequential(*layers)
