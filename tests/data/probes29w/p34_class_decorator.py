# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


def widen(cls):
    cls.width *= 2
    return cls


def wrap(cls):
    class Wrapped(cls):
        width = cls.width + 1

    return Wrapped


@widen
@wrap
class Cfg:
    width = 10


@wrap
@widen
class Other:
    width = 10


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(Cfg.width, Other.width)


model = M()
