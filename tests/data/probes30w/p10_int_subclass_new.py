# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Even(int):
    def __new__(cls, value):
        return super().__new__(cls, value + value % 2)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        w = Even(7)
        self.a = nn.Linear(w, 2)
        self.b = nn.Linear(w + 1, 2)


model = M()
