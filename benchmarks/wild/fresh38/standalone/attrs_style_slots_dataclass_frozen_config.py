# a frozen slots dataclass config with derived sizes through properties
from dataclasses import dataclass

import torch.nn as nn


@dataclass(frozen=True, slots=True)
class Cfg:
    d_model: int = 160
    n_heads: int = 5
    expansion: int = 3
    n_layers: int = 2

    @property
    def d_ff(self):
        return self.d_model * self.expansion


cfg = Cfg(n_layers=3)
model = nn.TransformerEncoder(
    nn.TransformerEncoderLayer(cfg.d_model, cfg.n_heads, cfg.d_ff, batch_first=True), cfg.n_layers
)
