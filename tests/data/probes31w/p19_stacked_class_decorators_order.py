# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


def add(n):
    def deco(cls):
        cls.width = cls.width + n
        return cls

    return deco


def mul(n):
    def deco(cls):
        cls.width = cls.width * n
        return cls

    return deco


@add(1)
@mul(3)
class Cfg:
    width = 2


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(Cfg.width, 2)


model = M()
