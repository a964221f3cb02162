# dict.fromkeys with a module as the value: every task key maps to the SAME adapter object
import torch.nn as nn

tasks = ["sst2", "mnli", "qnli", "rte"]


class MultiTask(nn.Module):
    def __init__(self, dim=256):
        super().__init__()
        self.encoder = nn.Sequential(nn.Embedding(5000, dim), nn.Linear(dim, dim), nn.GELU())
        # meant to be one adapter per task, but fromkeys evaluates the value once
        self.adapters = nn.ModuleDict(
            dict.fromkeys(tasks, nn.Sequential(nn.Linear(dim, 32), nn.ReLU(), nn.Linear(32, dim)))
        )
        self.heads = nn.ModuleDict({t: nn.Linear(dim, 3 if t == "mnli" else 2) for t in tasks})


model = MultiTask()
