# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Cfg:
    def __init__(self):
        self.x = 4
        self.y = 16


class M(nn.Module):
    def __init__(self):
        super().__init__()
        c = Cfg()
        c.x, c.y = c.y, c.x
        ws = [2, 8]
        i = 0
        i, ws[i] = 1, 32
        self.a = nn.Linear(c.x, c.y)
        self.b = nn.Linear(ws[0], ws[1])


model = M()
