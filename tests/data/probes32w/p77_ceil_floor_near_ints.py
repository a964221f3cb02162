# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import math

WIDTHS = [
    math.ceil((0.1 + 0.2) * 10),
    math.floor(0.29 * 100) - 20,
    math.ceil(2.0000000000000004),
    math.floor(-0.5) + 2,
]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
