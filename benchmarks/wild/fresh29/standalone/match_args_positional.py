"""`match` with positional class patterns: `__match_args__` decides which attribute each position binds (not the constructor order)."""

import torch.nn as nn


class Spec:
    __match_args__ = ("out_f", "in_f")

    def __init__(self, in_f, out_f):
        self.in_f = in_f
        self.out_f = out_f


def build(spec):
    match spec:
        case Spec(1, n):
            return nn.Linear(n, 1, bias=False)
        case Spec(a, b):
            return nn.Linear(b, a)


model = nn.ModuleList([build(Spec(6, 1)), build(Spec(4, 10))])
