# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Enc:
    width = 8


class Dec:
    width = 16


class M(nn.Module):
    def __init__(self):
        super().__init__()
        table = {}
        for cls in (Enc, Dec):
            table[cls.__module__] = cls.width
        self.parts = nn.ModuleList(nn.Linear(w, w) for w in table.values())


model = M()
