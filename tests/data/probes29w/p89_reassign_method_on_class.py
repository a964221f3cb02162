# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Cfg:
    def width(self):
        return 8


def wide(self):
    return 48


class M(nn.Module):
    def __init__(self):
        super().__init__()
        c = Cfg()
        a = c.width()
        Cfg.width = wide
        self.l = nn.Linear(a, c.width())


model = M()
