# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
from decimal import ROUND_HALF_UP, Decimal


class M(nn.Module):
    def __init__(self):
        super().__init__()
        a = Decimal("2.5").quantize(Decimal("1"), rounding=ROUND_HALF_UP)
        b = round(Decimal("2.5"))
        c = Decimal("0.1") * 3 == Decimal("0.3")
        self.a = nn.Linear(int(a), int(b))
        self.b = nn.Linear(2 + c, 2)


model = M()
