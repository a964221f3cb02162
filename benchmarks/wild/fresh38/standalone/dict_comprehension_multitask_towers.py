# multi-task towers built by a dict comprehension over a task -> output-size table
import torch.nn as nn

TASKS = {"ctr": 1, "cvr": 1, "category": 24, "dwell": 1}
shared = nn.Sequential(nn.Linear(120, 256), nn.ReLU(), nn.Linear(256, 128), nn.ReLU())
towers = {
    name: nn.Sequential(nn.Linear(128, 64), nn.ReLU(), nn.Linear(64, n))
    for name, n in TASKS.items()
    if n > 0
}
model = nn.ModuleDict({"shared": shared, **towers})
