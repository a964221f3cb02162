"""Quantile forecasting: one TSMixer predicts every quantile as an extra output channel."""

import torch
import torch.nn as nn
from torchtsmixer import TSMixer

QUANTILES = (0.1, 0.5, 0.9)


class QuantileMixer(nn.Module):
    def __init__(self, lookback=64, horizon=16, n_series=4):
        super().__init__()
        self.q = len(QUANTILES)
        self.n = n_series
        self.mixer = TSMixer(
            lookback, horizon, n_series, output_channels=n_series * self.q, num_blocks=3, ff_dim=48
        )
        self.register_buffer("levels", torch.tensor(QUANTILES))

    def forward(self, x):
        y = self.mixer(x)
        return y.unflatten(-1, (self.n, self.q))


model = QuantileMixer()
