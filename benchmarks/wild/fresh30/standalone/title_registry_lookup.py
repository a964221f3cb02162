"""Block names normalised with `str.title()` before a registry lookup: "res_block".title() is "Res_Block"
(title-cases after the underscore), which matches the registry; "se" becomes "Se"."""

import torch.nn as nn

REGISTRY = {
    "Res_Block": lambda c: nn.Sequential(nn.Conv2d(c, c, 3, padding=1), nn.BatchNorm2d(c)),
    "Se": lambda c: nn.Sequential(nn.Conv2d(c, c // 4, 1), nn.Conv2d(c // 4, c, 1)),
    "Res_block": lambda c: nn.Conv2d(c, c, 1),
}
names = ["res_block", "se", "RES_BLOCK"]
model = nn.Sequential(*[REGISTRY[n.title()](16) for n in names])
