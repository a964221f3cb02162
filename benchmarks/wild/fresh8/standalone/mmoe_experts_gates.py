"""Multi-gate Mixture-of-Experts for multi-task recommendation: shared embeddings per sparse
field, experts and one softmax gate per task, a tower per task, from a feature spec list."""

import torch.nn as nn

FEATURES = [("user_id", 5000, 16), ("item_id", 8000, 16), ("cate_id", 300, 8), ("city", 50, 4)]
DENSE = 5
TASKS = ["ctr", "cvr"]


class MMoE(nn.Module):
    def __init__(self, features, n_dense, tasks, num_experts=6, expert_dim=64, tower_dim=32):
        super().__init__()
        self.embeddings = nn.ModuleDict({n: nn.Embedding(v, d) for n, v, d in features})
        d_in = sum(d for _, _, d in features) + n_dense
        self.experts = nn.ModuleList(
            nn.Sequential(nn.Linear(d_in, 128), nn.ReLU(), nn.Linear(128, expert_dim), nn.ReLU())
            for _ in range(num_experts)
        )
        self.gates = nn.ModuleDict({t: nn.Linear(d_in, num_experts) for t in tasks})
        self.towers = nn.ModuleDict(
            {
                t: nn.Sequential(
                    nn.Linear(expert_dim, tower_dim), nn.ReLU(), nn.Linear(tower_dim, 1)
                )
                for t in tasks
            }
        )


model = MMoE(FEATURES, DENSE, TASKS)
