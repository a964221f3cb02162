# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Size:
    def __get__(self, obj, owner):
        if obj is None:
            return 10
        return 3


class Cfg:
    width = Size()


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(Cfg.width, 2)
        self.b = nn.Linear(Cfg().width, 2)


model = M()
