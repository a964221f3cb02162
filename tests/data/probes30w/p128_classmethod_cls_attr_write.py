# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Cfg:
    width = 4

    @classmethod
    def widen(cls):
        cls.width *= 2
        return cls


class Sub(Cfg):
    pass


class M(nn.Module):
    def __init__(self):
        super().__init__()
        Sub.widen()
        self.a = nn.Linear(Sub.width, Cfg.width)


model = M()
