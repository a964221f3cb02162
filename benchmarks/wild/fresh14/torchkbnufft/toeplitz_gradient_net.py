"""A variational network on a Toeplitz-embedded normal operator, with per-stage learnable filters."""

import torch
import torch.nn as nn
from torchkbnufft import ToepNufft


class Stage(nn.Module):
    def __init__(self, n_filters=24, k=5):
        super().__init__()
        self.filters = nn.Parameter(torch.randn(n_filters, 2, k, k) * 0.01)
        self.act_weights = nn.Parameter(torch.zeros(n_filters, 31))
        self.lam = nn.Parameter(torch.tensor(0.1))


class VarNet(nn.Module):
    def __init__(self, stages=6):
        super().__init__()
        self.toep = ToepNufft()
        self.stages = nn.ModuleList(Stage() for _ in range(stages))


model = VarNet(stages=7)
