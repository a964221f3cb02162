"""Time-series forecaster: a blitz BayesianLSTM encoder and a deterministic linear read-out."""

from dataclasses import dataclass

import torch.nn as nn
from blitz.modules import BayesianLSTM
from blitz.utils import variational_estimator


@dataclass
class ForecastConfig:
    n_features: int = 5
    hidden: int = 40
    horizon: int = 3
    prior_sigma_1: float = 1.0
    peephole: bool = False


@variational_estimator
class NN(nn.Module):
    def __init__(self, cfg: ForecastConfig):
        super().__init__()
        self.lstm_1 = BayesianLSTM(
            cfg.n_features, cfg.hidden, prior_sigma_1=cfg.prior_sigma_1, peephole=cfg.peephole
        )
        self.linear = nn.Linear(cfg.hidden, cfg.horizon)

    def forward(self, x):
        x_, _ = self.lstm_1(x)
        return self.linear(x_[:, -1, :])


cfg = ForecastConfig(n_features=5, hidden=40, horizon=3)
model = NN(cfg)
