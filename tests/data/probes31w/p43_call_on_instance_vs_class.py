# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Scaler:
    def __init__(self, k=2):
        self.k = k

    def __call__(self, x):
        return x * self.k


class M(nn.Module):
    def __init__(self):
        super().__init__()
        s = Scaler(3)
        t = Scaler()
        self.a = nn.Linear(s(2), t(5))


model = M()
