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


ENTRY = "Prompts"
CONFIG = None
INPUT = None


def build():
    return Prompts()
