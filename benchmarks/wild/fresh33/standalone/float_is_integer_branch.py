"""float.is_integer picks the layer: an exact quotient gets a grouped conv, an inexact one a plain conv."""

from torch import nn

mods = []
for c, g in [(24, 4), (30, 4), (36, 6), (10, 3)]:
    if (c / g).is_integer():
        mods.append(nn.Conv1d(c, c, 3, groups=g))
    else:
        mods.append(nn.Conv1d(c, c, 3))
model = nn.ModuleList(mods)
