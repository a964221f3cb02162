# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Even(int):
    def __new__(cls, v):
        return super().__new__(cls, v + v % 2)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(Even(7), Even(4))
        self.b = nn.Linear(Even(3) * 2, 2)


model = M()
