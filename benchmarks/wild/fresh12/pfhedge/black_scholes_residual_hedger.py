"""A residual hedger: a Black-Scholes delta (no parameters) plus a learnt correction and a LeakyClamp."""

import torch.nn as nn
from pfhedge.instruments import BrownianStock, EuropeanOption
from pfhedge.nn import BlackScholes, LeakyClamp, MultiLayerPerceptron


class ResidualHedge(nn.Module):
    def __init__(self, derivative, width=32):
        super().__init__()
        self.bs = BlackScholes(derivative)
        self.correction = MultiLayerPerceptron(
            in_features=len(self.bs.inputs()) + 1, n_layers=2, n_units=width
        )
        self.clamp = LeakyClamp(clamped_slope=0.01)


option = EuropeanOption(BrownianStock(sigma=0.2), maturity=30 / 250)
model = ResidualHedge(option, width=20)
