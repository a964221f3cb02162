# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        a = "ab" * -2
        b = [1, 2] * 0
        c = "-" * 3 + "ab" * 2
        self.a = nn.Linear(len(a) + 1, len(b) + 2)
        self.b = nn.Linear(len(c), 1)


model = M()
