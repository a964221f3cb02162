# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

from decimal import ROUND_HALF_UP, Decimal


class M(nn.Module):
    def __init__(self):
        super().__init__()
        scale = Decimal("2.5")
        self.a = nn.Linear(int(scale * 10), round(scale))
        up = scale.quantize(Decimal("1"), rounding=ROUND_HALF_UP)
        self.b = nn.Linear(int(up), round(2.5) + round(3.5))


model = M()
