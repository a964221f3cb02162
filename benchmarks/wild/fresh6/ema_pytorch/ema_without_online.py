"""An EMA that does not keep the online model inside it (include_online_model=False)."""

from dataclasses import dataclass

import torch.nn as nn
from ema_pytorch import EMA


@dataclass
class EMAConfig:
    beta: float = 0.995
    update_after_step: int = 50
    update_every: int = 5
    include_online_model: bool = False


class MLPPolicy(nn.Module):
    def __init__(self, obs_dim=17, act_dim=6, hidden=256):
        super().__init__()
        self.trunk = nn.Sequential(
            nn.Linear(obs_dim, hidden), nn.Tanh(), nn.Linear(hidden, hidden), nn.Tanh()
        )
        self.mu = nn.Linear(hidden, act_dim)

    def forward(self, obs):
        return self.mu(self.trunk(obs))


policy = MLPPolicy(obs_dim=17, act_dim=6, hidden=256)
cfg = EMAConfig()
model = EMA(
    policy,
    beta=cfg.beta,
    update_after_step=cfg.update_after_step,
    update_every=cfg.update_every,
    include_online_model=cfg.include_online_model,
)
