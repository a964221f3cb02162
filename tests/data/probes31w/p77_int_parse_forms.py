# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        a = int("1_0")
        b = int("  12 ")
        c = int("0x1f", 16)
        d = int("0o17", 0)
        e = int("z", 36)
        self.a = nn.Linear(a, b)
        self.b = nn.Linear(c, d)
        self.c = nn.Linear(e, 1)


model = M()
