from dataclasses import dataclass, field
import torch.nn as nn
from light_recurrent_unit_pytorch import GatedLightRecurrentUnit


@dataclass
class ForecastConfig:
    n_series: int = 7
    dim: int = 64
    depth: int = 2
    heads: int = 4
    layers_per_depth: int = 3
    horizon: int = 24
    quantiles: list = field(default_factory=lambda: [0.1, 0.5, 0.9])


class Forecaster(nn.Module):
    def __init__(self, cfg: ForecastConfig):
        super().__init__()
        self.inp = nn.Linear(cfg.n_series, cfg.dim)
        self.core = GatedLightRecurrentUnit(
            cfg.dim, depth=cfg.depth, heads=cfg.heads, learned_init_hidden=True,
            num_layers_per_depth=cfg.layers_per_depth,
        )
        self.out = nn.Linear(cfg.dim, cfg.n_series * cfg.horizon * len(cfg.quantiles))

    def forward(self, x):
        h, _ = self.core(self.inp(x))
        return self.out(h[:, -1])


model = Forecaster(ForecastConfig(dim=48, quantiles=[0.05, 0.25, 0.5, 0.75, 0.95]))
