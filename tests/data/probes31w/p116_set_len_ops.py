# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        a = {"x", "y", "z"}
        b = {"y", "w"}
        self.a = nn.Linear(len(a | b), len(a & b))
        self.b = nn.Linear(len(a ^ b), len(a - b))
        self.c = nn.Linear(len(sorted(a | b)[0]) + 1, 2)


model = M()
