from functools import singledispatch

import torch.nn as nn


class A:
    d = 3


class B:
    d = 5


@singledispatch
def build(cfg):
    raise TypeError


@build.register
def _(cfg: A):
    return nn.Linear(cfg.d, cfg.d)


@build.register(B)
def _b(cfg):
    return nn.Sequential(nn.Linear(cfg.d, 2), nn.Linear(2, 1))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = build(A())
        self.b = build(B())
