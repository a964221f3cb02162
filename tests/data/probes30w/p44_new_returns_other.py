# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Factory:
    def __new__(cls, w):
        return nn.Linear(w, w)

    def __init__(self, w):
        raise RuntimeError("never runs")


class Keep:
    def __new__(cls, w):
        obj = super().__new__(cls)
        obj.w = w * 2
        return obj

    def __init__(self, w):
        self.w += 1


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = Factory(8)
        self.b = nn.Linear(Keep(4).w, 2)


model = M()
