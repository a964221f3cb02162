# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        a = f"{7:>4}"
        b = f"{12:b}"
        c = format(255, "x")
        d = "{:,}".format(1234567)
        e = f"{3.14159:.2f}"
        f = f"{5:03d}"
        g = f"{0.5:.0%}"
        self.a = nn.Linear(len(a), len(b))
        self.b = nn.Linear(len(c), len(d))
        self.c = nn.Linear(len(e), len(f) + len(g))


model = M()
