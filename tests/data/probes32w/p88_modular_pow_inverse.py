# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import math

WIDTHS = [pow(2, -1, 7), pow(3, 4, 5) + 1, math.isqrt(17), math.gcd(12, 18), math.lcm(4, 6)]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
