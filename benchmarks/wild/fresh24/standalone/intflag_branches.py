"""Optional branches chosen by an enum.IntFlag; the flag value is combined with |."""

import enum

import torch.nn as nn


class Use(enum.IntFlag):
    DEPTH = 1
    NORMALS = 2
    SEMANTICS = 4


class MultiInput(nn.Module):
    def __init__(self, use=Use.DEPTH, d=32):
        super().__init__()
        self.rgb = nn.Conv2d(3, d, 3, padding=1)
        self.extra = nn.ModuleDict()
        if Use.DEPTH in use:
            self.extra["depth"] = nn.Conv2d(1, d, 3, padding=1)
        if Use.NORMALS in use:
            self.extra["normals"] = nn.Conv2d(3, d, 3, padding=1)
        if use & Use.SEMANTICS:
            self.extra["semantics"] = nn.Conv2d(20, d, 1)
        self.fuse = nn.Conv2d(d * (1 + len(self.extra)), d, 1)


model = MultiInput(use=Use.DEPTH | Use.SEMANTICS, d=32)
