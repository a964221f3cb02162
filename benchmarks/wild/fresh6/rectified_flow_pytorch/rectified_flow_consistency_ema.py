"""Rectified flow with a user velocity MLP and consistency flow matching (keeps an EMA copy)."""

import torch
import torch.nn as nn
from rectified_flow_pytorch import RectifiedFlow


class VelocityMLP(nn.Module):
    def __init__(self, dim=2, hidden=128):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(dim + 1, hidden),
            nn.SiLU(),
            nn.Linear(hidden, hidden),
            nn.SiLU(),
            nn.Linear(hidden, dim),
        )

    def forward(self, x, times):
        return self.net(torch.cat([x, times[:, None]], dim=-1))


model = RectifiedFlow(
    VelocityMLP(dim=2, hidden=128),
    data_shape=(2,),
    use_consistency=True,
    ema_update_after_step=10,
)
