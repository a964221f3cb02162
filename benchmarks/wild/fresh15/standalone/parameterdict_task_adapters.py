"""Per-task scale/shift adapters held in nn.ParameterDict, per-layer gates in nn.ParameterList."""

import torch
import torch.nn as nn


class FiLMAdapters(nn.Module):
    def __init__(self, tasks, dims):
        super().__init__()
        self.scale = nn.ParameterDict(
            {f"{t}_{i}": nn.Parameter(torch.ones(d)) for t in tasks for i, d in enumerate(dims)}
        )
        self.shift = nn.ParameterDict(
            {f"{t}_{i}": nn.Parameter(torch.zeros(d)) for t in tasks for i, d in enumerate(dims)}
        )


class GatedMLP(nn.Module):
    def __init__(self, in_dim=32, dims=(64, 64, 48), tasks=("a", "b", "c"), out_dim=5):
        super().__init__()
        prev, layers = in_dim, []
        for d in dims:
            layers.append(nn.Linear(prev, d))
            prev = d
        self.layers = nn.ModuleList(layers)
        self.gates = nn.ParameterList([nn.Parameter(torch.zeros(1)) for _ in dims])
        self.gates.append(nn.Parameter(torch.zeros(len(tasks), out_dim)))
        self.adapters = FiLMAdapters(tasks, dims)
        self.out = nn.Linear(prev, out_dim)
        self.register_buffer("task_ids", torch.arange(len(tasks)), persistent=False)


model = GatedMLP(tasks=("cls", "reg"))
