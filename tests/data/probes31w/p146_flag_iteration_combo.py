# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import enum


class Perm(enum.Flag):
    R = 1
    W = 2
    X = 4
    RW = 3


class M(nn.Module):
    def __init__(self):
        super().__init__()
        p = Perm.R | Perm.X
        self.a = nn.Linear(len(list(Perm)), p.value)
        self.b = nn.Linear((~Perm.R).value, len(Perm.__members__))
        self.c = nn.Linear(3 if Perm.W in Perm.RW else 5, 2)


model = M()
