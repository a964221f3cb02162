# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Key:
    def __init__(self, v):
        self.v = v

    def __eq__(self, other):
        return self.v == other.v


class M(nn.Module):
    def __init__(self):
        super().__init__()
        try:
            n = len({Key(1), Key(1)})
        except TypeError:
            n = 7
        self.a = nn.Linear(n, 2)


model = M()
