"""Multi-task adapters stored as raw parameters: a ParameterDict of per-task scale / shift vectors, a
ParameterList of per-layer low-rank factors (two per layer, one list), and a shared trunk."""

import torch
import torch.nn as nn

TASKS = ("sentiment", "topic", "toxicity", "lang")


class AdapterNet(nn.Module):
    def __init__(self, dim=64, depth=3, rank=6, tasks=TASKS, n_out=None):
        super().__init__()
        self.trunk = nn.ModuleList(nn.Linear(dim, dim) for _ in range(depth))
        self.task_film = nn.ParameterDict()
        for t in tasks:
            self.task_film[f"{t}_scale"] = nn.Parameter(torch.ones(depth, dim))
            self.task_film[f"{t}_shift"] = nn.Parameter(torch.zeros(depth, dim))
        self.lowrank = nn.ParameterList()
        for _ in range(depth):
            self.lowrank.append(nn.Parameter(torch.randn(dim, rank) * 0.01))
            self.lowrank.append(nn.Parameter(torch.zeros(rank, dim)))
        n_out = n_out or {t: 2 + i for i, t in enumerate(tasks)}
        self.heads = nn.ParameterDict(
            {t: nn.Parameter(torch.zeros(dim, k)) for t, k in n_out.items()}
        )


model = AdapterNet(dim=64, depth=3, rank=6)
