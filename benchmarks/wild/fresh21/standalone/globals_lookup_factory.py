"""Layers chosen by name through globals() and getattr on a module, as config-driven research code does."""

import torch.nn as nn


class GatedConv(nn.Module):
    def __init__(self, c_in, c_out):
        super().__init__()
        self.conv = nn.Conv2d(c_in, 2 * c_out, 3, padding=1)

    def forward(self, x):
        a, b = self.conv(x).chunk(2, 1)
        return a * b.sigmoid()


class DepthwiseSep(nn.Module):
    def __init__(self, c_in, c_out):
        super().__init__()
        self.dw = nn.Conv2d(c_in, c_in, 3, padding=1, groups=c_in)
        self.pw = nn.Conv2d(c_in, c_out, 1)

    def forward(self, x):
        return self.pw(self.dw(x))


PLAN = "GatedConv:16 DepthwiseSep:32 GatedConv:32 DepthwiseSep:64"
NORM = "GroupNorm"


def build(plan, c_in=3):
    mods = []
    for tok in plan.split():
        name, c = tok.split(":")
        c = int(c)
        mods.append(globals()[name](c_in, c))
        mods.append(getattr(nn, NORM)(4, c))
        c_in = c
    return nn.Sequential(*mods)


model = build(PLAN)
