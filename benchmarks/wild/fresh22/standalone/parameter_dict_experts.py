"""Experts held in an nn.ParameterDict keyed by name, a router ParameterList, and a non-persistent mask."""

import torch
from torch import nn


class Experts(nn.Module):
    def __init__(self, names=("a", "b", "c"), d=10, h=14):
        super().__init__()
        self.w_in = nn.ParameterDict({n: nn.Parameter(torch.randn(d, h)) for n in names})
        self.w_out = nn.ParameterDict({n: nn.Parameter(torch.randn(h, d)) for n in names})
        self.router = nn.ParameterList([nn.Parameter(torch.zeros(d)) for _ in names])
        self.register_buffer("mask", torch.ones(len(names)), persistent=False)
        self.register_buffer("usage", torch.zeros(len(names)))


model = Experts(names=("x", "y", "z", "w"))
