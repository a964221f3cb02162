"""Zoo: a shared trunk with task heads in an nn.ModuleDict built from a dict comprehension."""

import torch.nn as nn

TASKS = {"sentiment": 3, "topic": 12, "toxicity": 2}


class MultiTask(nn.Module):
    def __init__(self, dim=64, tasks=TASKS):
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(128, dim), nn.Tanh())
        self.heads = nn.ModuleDict({name: nn.Linear(dim, n) for name, n in tasks.items()})

    def forward(self, x, task="topic"):
        return self.heads[task](self.trunk(x))


ENTRY = "MultiTask"
CONFIG = None
INPUT = (4, 128)


def build():
    return MultiTask()
