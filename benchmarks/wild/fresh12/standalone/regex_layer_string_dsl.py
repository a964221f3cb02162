"""An architecture given as a compact string ("c3s2-32|c3-32x2|M|c3-64x3|M|fc256|d0.3|fc10") parsed with
re.fullmatch; repeat counts, strides and dropout come from the tokens."""

import re

import torch.nn as nn

ARCH = "c5s2-32|c3-32x2|M|c3-64x3|M|c1-96|G|fc256|d0.3|fc10"
TOKEN = re.compile(r"c(?P<k>\d)(?:s(?P<s>\d))?-(?P<c>\d+)(?:x(?P<n>\d+))?")


def build(arch, in_ch=3):
    layers, ch, flat = [], in_ch, None
    for tok in arch.split("|"):
        if m := TOKEN.fullmatch(tok):
            k, s, c, n = int(m["k"]), int(m["s"] or 1), int(m["c"]), int(m["n"] or 1)
            for j in range(n):
                layers += [
                    nn.Conv2d(ch, c, k, s if j == 0 else 1, k // 2),
                    nn.BatchNorm2d(c),
                    nn.ReLU(),
                ]
                ch = c
        elif tok == "M":
            layers.append(nn.MaxPool2d(2))
        elif tok == "G":
            layers += [nn.AdaptiveAvgPool2d(1), nn.Flatten()]
            flat = ch
        elif tok.startswith("fc"):
            out = int(tok[2:])
            layers.append(nn.Linear(flat, out))
            flat = out
        elif tok.startswith("d"):
            layers.append(nn.Dropout(float(tok[1:])))
        else:
            raise ValueError(tok)
    return nn.Sequential(*layers)


model = build(ARCH)
