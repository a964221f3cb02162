# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        d = {1: 4, 1.0: 8, True: 16}
        self.a = nn.Linear(len(d) + 1, d[1])
        (k,) = d
        self.b = nn.Linear(2, 2) if type(k) is int else nn.Linear(2, 7)
        s = {0, False, 0.0, "", ()}
        self.c = nn.Linear(len(s), 3)


model = M()
