"""Multi-horizon forecasting heads: enumerate(horizons, start=1) scales each head's hidden width."""

import torch.nn as nn


class Horizons(nn.Module):
    def __init__(self, d=32, horizons=("h1", "h6", "h24")):
        super().__init__()
        self.heads = nn.ModuleDict()
        for i, name in enumerate(horizons, start=1):
            self.heads[name] = nn.Sequential(nn.Linear(d, 16 * i), nn.ReLU(), nn.Linear(16 * i, 1))


model = Horizons(d=32, horizons=("h1", "h6", "h24"))
