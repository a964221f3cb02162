"""Mixture of experts whose router normalizes with sparsemax, so some experts get exactly zero weight."""

import torch
import torch.nn as nn
from entmax import sparsemax


class Expert(nn.Module):
    def __init__(self, dim, hidden):
        super().__init__()
        self.w1 = nn.Linear(dim, hidden)
        self.w2 = nn.Linear(hidden, dim)

    def forward(self, x):
        return self.w2(torch.relu(self.w1(x)))


class SparseMoE(nn.Module):
    def __init__(self, dim=32, hidden=64, n_experts=6):
        super().__init__()
        self.router = nn.Linear(dim, n_experts, bias=False)
        self.experts = nn.ModuleList(Expert(dim, hidden * (1 + i % 2)) for i in range(n_experts))

    def forward(self, x):
        gates = sparsemax(self.router(x), dim=-1)
        outs = torch.stack([e(x) for e in self.experts], dim=-1)
        return (outs * gates.unsqueeze(-2)).sum(-1)


model = SparseMoE(dim=24, hidden=40, n_experts=5)
