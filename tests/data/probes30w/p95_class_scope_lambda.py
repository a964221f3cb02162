# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

k = 3


class Cfg:
    k = 10
    f = lambda self: k
    g = staticmethod(lambda: k * 2)
    table = {n: n * 2 for n in range(k)}


class M(nn.Module):
    def __init__(self):
        super().__init__()
        c = Cfg()
        self.a = nn.Linear(c.f(), Cfg.g())
        self.b = nn.Linear(len(Cfg.table), 2)


model = M()
