"""Boston-housing style Bayesian regressor: blitz's @variational_estimator class decorator."""

import torch.nn as nn
from blitz.modules import BayesianLinear
from blitz.utils import variational_estimator


@variational_estimator
class BayesianRegressor(nn.Module):
    def __init__(self, input_dim, output_dim, hidden=(64, 32)):
        super().__init__()
        dims = (input_dim, *hidden)
        self.hidden = nn.ModuleList(BayesianLinear(a, b) for a, b in zip(dims[:-1], dims[1:]))
        self.out = BayesianLinear(dims[-1], output_dim, prior_sigma_1=0.5, prior_pi=0.5)

    def forward(self, x):
        for layer in self.hidden:
            x = layer(x).relu()
        return self.out(x)


model = BayesianRegressor(input_dim=13, output_dim=1, hidden=(64, 32))
