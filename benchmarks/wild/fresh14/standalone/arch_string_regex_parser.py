"""An architecture string ("c64k3-c64k3-p2-c128k3s2-r2-g-f10") parsed with a regex into modules."""

import re

import torch.nn as nn

ARCH = "c64k3-c64k3-p2-c128k3s2-r2-c192k1-g-f10"
TOKEN = re.compile(r"(?P<op>[cpgfr])(?P<n>\d+)?(?:k(?P<k>\d+))?(?:s(?P<s>\d+))?")


class Residual(nn.Module):
    def __init__(self, ch, n):
        super().__init__()
        self.body = nn.Sequential(*[nn.Conv2d(ch, ch, 3, padding=1) for _ in range(n)])


def parse(arch, in_ch=3):
    ch, mods = in_ch, []
    for tok in arch.split("-"):
        m = TOKEN.fullmatch(tok)
        op, n = m["op"], int(m["n"] or 0)
        if op == "c":
            k, s = int(m["k"] or 3), int(m["s"] or 1)
            mods += [nn.Conv2d(ch, n, k, stride=s, padding=k // 2), nn.BatchNorm2d(n), nn.ReLU()]
            ch = n
        elif op == "p":
            mods.append(nn.MaxPool2d(n))
        elif op == "r":
            mods.append(Residual(ch, n))
        elif op == "g":
            mods += [nn.AdaptiveAvgPool2d(1), nn.Flatten()]
        elif op == "f":
            mods.append(nn.Linear(ch, n))
    return nn.Sequential(*mods)


model = parse(ARCH)
