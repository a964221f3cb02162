# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

from dataclasses import dataclass


@dataclass
class Conv:
    ch: int
    k: int = 3


@dataclass
class Lin:
    width: int


class Pair:
    __match_args__ = ("left", "right")

    def __init__(self, left, right):
        self.left, self.right = left, right


def build(spec):
    match spec:
        case Conv(ch=c) if c > 8:
            return nn.Conv2d(c, c, spec.k)
        case Conv(c, k):
            return nn.Conv2d(c, c * 2, k)
        case Lin(width=w):
            return nn.Linear(w, w)
        case Pair(a, b):
            return nn.Linear(a, b)
        case _:
            return nn.Identity()


class M(nn.Module):
    def __init__(self):
        super().__init__()
        specs = [Conv(16), Conv(4, 1), Lin(6), Pair(3, 5), "x"]
        self.layers = nn.ModuleList(build(s) for s in specs)


model = M()
