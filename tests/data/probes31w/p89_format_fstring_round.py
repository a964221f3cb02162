# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        a = int(f"{2.5:.0f}")
        b = int(format(3.5, ".0f"))
        c = int(float(f"{0.125:.2f}") * 100)
        d = int(f"{1e3:g}")
        self.a = nn.Linear(a, b)
        self.b = nn.Linear(c, d // 100)


model = M()
