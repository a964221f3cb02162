# research style: a hypernetwork emits the weights of a small target MLP (only the hypernet has parameters)
import math

import torch.nn as nn

target_shapes = [(16, 8), (16,), (4, 16), (4,)]
n_target = sum(math.prod(s) for s in target_shapes)


class HyperNet(nn.Module):
    def __init__(self, n_tasks=10, z_dim=24):
        super().__init__()
        self.task_emb = nn.Embedding(n_tasks, z_dim)
        self.mlp = nn.Sequential(nn.Linear(z_dim, 100), nn.ReLU(), nn.Linear(100, n_target))


model = HyperNet(n_tasks=10, z_dim=24)
