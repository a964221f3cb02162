"""Zoo: a GRU over features with a projection size picked from a dict config."""

import torch.nn as nn


class GRURegressor(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.gru = nn.GRU(cfg["features"], cfg["hidden"], cfg.get("layers", 1), batch_first=True)
        self.head = nn.Linear(cfg["hidden"], cfg.get("outputs", 1))

    def forward(self, x):
        out, _ = self.gru(x)
        return self.head(out[:, -1])


ENTRY = "GRURegressor"
CONFIG = {"features": 12, "hidden": 40, "layers": 3, "outputs": 2}
INPUT = (3, 7, 12)


def build():
    return GRURegressor(CONFIG)
