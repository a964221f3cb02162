"""Task heads enumerated with `dir(tasks)`; the class's `__dir__` lists only the tasks that are switched on."""

import torch.nn as nn


class Tasks:
    sentiment = 3
    topic = 12
    language = 40

    def __init__(self, enabled):
        self.enabled = enabled

    def __dir__(self):
        return sorted(self.enabled)


class MultiTask(nn.Module):
    def __init__(self, dim, tasks):
        super().__init__()
        self.trunk = nn.Linear(dim, dim)
        self.heads = nn.ModuleDict(
            {name: nn.Linear(dim, getattr(tasks, name)) for name in dir(tasks)}
        )


model = MultiTask(dim=16, tasks=Tasks(["topic", "sentiment"]))
