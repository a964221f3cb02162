"""Masked autoregressive flow: AutoRegressiveNN hypernets with explicit param_dims."""

import torch.nn as nn
from pyro.distributions.transforms import AffineAutoregressive, BatchNorm
from pyro.nn import AutoRegressiveNN

DIM = 5
HIDDEN = [40, 40]


class MAF(nn.Module):
    def __init__(self, dim=DIM, n_flows=3, hidden=HIDDEN):
        super().__init__()
        self.flows = nn.ModuleList()
        for _ in range(n_flows):
            arn = AutoRegressiveNN(dim, hidden, param_dims=[1, 1])
            self.flows.append(AffineAutoregressive(arn, stable=True))
            self.flows.append(BatchNorm(dim))


model = MAF(dim=DIM, n_flows=3, hidden=HIDDEN)
