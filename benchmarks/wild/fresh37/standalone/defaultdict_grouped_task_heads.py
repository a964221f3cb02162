# tasks grouped by output size with a defaultdict: one shared head per distinct size
from collections import defaultdict

import torch.nn as nn

tasks = {"sentiment": 3, "topic": 12, "toxicity": 2, "spam": 2, "stance": 3, "lang": 20}
by_size = defaultdict(list)
for name, n in tasks.items():
    by_size[n].append(name)


class MultiTask(nn.Module):
    def __init__(self, d=192):
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(300, d), nn.ReLU(), nn.Linear(d, d), nn.ReLU())
        shared = {n: nn.Linear(d, n) for n in by_size}
        self.heads = nn.ModuleDict({t: shared[n] for n, names in by_size.items() for t in names})


model = MultiTask(d=192)
