# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        a = "%d" % 3.9
        b = "%.0f" % 2.5
        c = "%.0f" % 3.5
        d = "%5s" % "ab"
        e = "%-3d|" % 7
        self.a = nn.Linear(int(a), int(b))
        self.b = nn.Linear(int(c), len(d))
        self.c = nn.Linear(len(e), 1)


model = M()
