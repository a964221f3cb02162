# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        a = str(True)
        b = repr("a")
        c = str(None)
        d = repr(1.0)
        e = str([1, 2])
        self.a = nn.Linear(len(a), len(b))
        self.b = nn.Linear(len(c), len(d))
        self.c = nn.Linear(len(e), 1)


model = M()
