# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import math

WIDTHS = [
    sum([1, 2], 10),
    int(sum([0.1] * 10) * 10),
    7 if sum([0.1] * 10) == 1.0 else 8,
    int(math.fsum([0.1] * 10)),
]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
