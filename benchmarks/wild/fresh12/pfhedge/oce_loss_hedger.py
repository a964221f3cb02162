"""A hedger whose criterion is an optimized certainty equivalent: the loss owns a learnable threshold w."""

import torch
import torch.nn as nn
from pfhedge.nn import Hedger, MultiLayerPerceptron
from pfhedge.nn.modules.loss import OCE


def utility(x):
    return -torch.exp(-x)


class NoTransactionBand(nn.Module):
    def __init__(self, hidden=16, layers=2):
        super().__init__()
        self.mlp = MultiLayerPerceptron(
            in_features=3, out_features=2, n_layers=layers, n_units=hidden
        )


model = Hedger(
    NoTransactionBand(hidden=24, layers=4),
    inputs=["log_moneyness", "expiry_time", "volatility"],
    criterion=OCE(utility),
)
