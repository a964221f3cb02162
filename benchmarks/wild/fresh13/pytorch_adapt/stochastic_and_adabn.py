"""Stochastic classifier (STAR) on top of a conv encoder whose BatchNorms are made domain-aware."""

import torch.nn as nn
from pytorch_adapt.layers import AdaBNModel, PlusResidual, StochasticLinear


def encoder():
    return nn.Sequential(
        nn.Conv2d(3, 16, 3),
        nn.BatchNorm2d(16),
        nn.ReLU(),
        nn.Conv2d(16, 32, 3),
        nn.BatchNorm2d(32),
        nn.ReLU(),
        nn.AdaptiveAvgPool2d(1),
        nn.Flatten(),
    )


class STAR(nn.Module):
    def __init__(self, classes=7):
        super().__init__()
        self.G = AdaBNModel(encoder())
        self.mid = PlusResidual(nn.Linear(32, 32))
        self.C = StochasticLinear(32, classes)


model = STAR(classes=7)
