from dataclasses import dataclass, field

import torch.nn as nn


@dataclass
class EncCfg:
    dim: int = 16
    heads: int = 2
    ff_mult: int = 4
    ff_dim: int = field(init=False)

    def __post_init__(self):
        self.ff_dim = self.dim * self.ff_mult


@dataclass
class ModelCfg:
    enc: EncCfg = field(default_factory=EncCfg)
    n_layers: int = 2


class M(nn.Module):
    def __init__(self, cfg=None):
        super().__init__()
        cfg = cfg or ModelCfg(enc=EncCfg(dim=8))
        self.layers = nn.ModuleList(
            nn.Sequential(
                nn.Linear(cfg.enc.dim, cfg.enc.ff_dim), nn.Linear(cfg.enc.ff_dim, cfg.enc.dim)
            )
            for _ in range(cfg.n_layers)
        )
