"""Zoo: raw parameters -- nn.Parameter, ParameterList, ParameterDict, and a buffer (not counted)."""

import torch
import torch.nn as nn


class Prompts(nn.Module):
    def __init__(self, n_prompts=5, length=4, dim=32):
        super().__init__()
        self.scale = nn.Parameter(torch.ones(dim))
        self.prompts = nn.ParameterList(
            [nn.Parameter(torch.randn(length, dim)) for _ in range(n_prompts)]
        )
        self.gates = nn.ParameterDict(
            {"a": nn.Parameter(torch.zeros(dim)), "b": nn.Parameter(torch.zeros(2, dim))}
        )
        self.register_buffer("mask", torch.ones(length, length))
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):  # (B, L, dim) -> (B, n_prompts * length + L, dim)
        x = self.proj(x * self.scale) + self.gates["a"]
        x = x * self.mask.sum() + self.gates["b"].sum(0)
        prompts = [p.unsqueeze(0).expand(x.size(0), -1, -1) for p in self.prompts]
        return torch.cat(prompts + [x], dim=1)


ENTRY = "Prompts"
CONFIG = None
INPUT = (2, 4, 32)


def build():
    return Prompts()
