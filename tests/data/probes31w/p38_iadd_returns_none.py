# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Acc:
    def __init__(self):
        self.n = 4

    def __iadd__(self, k):
        self.n += k


class M(nn.Module):
    def __init__(self):
        super().__init__()
        a = Acc()
        b = a
        a += 3
        w = 5 if a is None else a.n
        self.a = nn.Linear(w, b.n)


model = M()
