import torch
import torch.nn as nn
from torch.nn.utils import parametrize


class Scale(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.s = nn.Parameter(torch.ones(n, 1))

    def forward(self, W):
        return W * self.s


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.l = nn.Linear(5, 4)
        parametrize.register_parametrization(self.l, "weight", Scale(4))
        parametrize.remove_parametrizations(self.l, "weight", leave_parametrized=True)
