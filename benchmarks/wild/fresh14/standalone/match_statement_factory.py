"""A structural `match` on layer descriptions (tuples, dicts with guards) building a CNN."""

import torch.nn as nn

ARCH = [
    ("conv", 3, 32, 3),
    ("conv", 32, 64, 3),
    {"pool": "max", "k": 2},
    ("conv", 64, 64, 1),
    ("dwconv", 64, 3),
    {"pool": "avg", "k": 2},
    ("bn", 64),
    ("fc", 64 * 4 * 4, 10),
]


def make(desc):
    match desc:
        case ("conv", cin, cout, k) if k > 1:
            return nn.Conv2d(cin, cout, k, padding=k // 2)
        case ("conv", cin, cout, _):
            return nn.Conv2d(cin, cout, 1, bias=False)
        case ("dwconv", ch, k):
            return nn.Conv2d(ch, ch, k, padding=k // 2, groups=ch)
        case {"pool": "max", "k": k}:
            return nn.MaxPool2d(k)
        case {"pool": _, "k": k}:
            return nn.AvgPool2d(k)
        case ("bn", ch):
            return nn.BatchNorm2d(ch)
        case ("fc", fin, fout):
            return nn.Sequential(nn.Flatten(), nn.Linear(fin, fout))
        case _:
            raise ValueError(desc)


model = nn.Sequential(*map(make, ARCH))
