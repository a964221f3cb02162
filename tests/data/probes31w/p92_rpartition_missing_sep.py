# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        a, b, c = "width".rpartition(":")
        d, e, f = "width".partition(":")
        g, h, i = "k:v:w".rpartition(":")
        self.a = nn.Linear(len(a) + 1, len(c))
        self.b = nn.Linear(len(d), len(f) + 1)
        self.c = nn.Linear(len(g), len(i))


model = M()
