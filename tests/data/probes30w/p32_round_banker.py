# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(round(2.5) + round(3.5), round(0.5) + 1)
        self.b = nn.Linear(round(25, -1), round(35, -1))
        self.c = nn.Linear(int(round(12.5)), round(-1.5) + 4)


model = M()
