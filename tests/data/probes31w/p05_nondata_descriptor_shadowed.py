# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Default:
    def __get__(self, obj, owner):
        return 16


class Cfg:
    width = Default()

    def __init__(self, w=None):
        if w is not None:
            self.width = w


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(Cfg().width, 2)
        self.b = nn.Linear(Cfg(5).width, 2)


model = M()
