import torch.nn as nn
from gradnorm_pytorch import GradNormLossWeighter


class MultiTask(nn.Module):
    def __init__(self, d_in=32, d=64, tasks=("depth", "seg", "normal")):
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(d_in, d), nn.ReLU(), nn.Linear(d, d))
        self.heads = nn.ModuleDict({t: nn.Linear(d, 1) for t in tasks})
        # GradNorm balances the task losses on the trunk's last weight
        self.weighter = GradNormLossWeighter(
            num_losses=len(tasks),
            loss_names=tuple(tasks),
            learning_rate=1e-4,
            restoring_force_alpha=0.12,
            grad_norm_parameters=self.trunk[-1].weight,
        )


model = MultiTask(tasks=("a", "b", "c", "d"))
