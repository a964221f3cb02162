"""Radar Doppler-profile classifier: complex MLP built in a loop, naive complex batch norm, complex
dropout, and a real-valued head on the magnitudes."""

import torch.nn as nn
from complexPyTorch.complexLayers import (
    ComplexDropout,
    ComplexLinear,
    ComplexReLU,
    NaiveComplexBatchNorm1d,
)


def complex_block(i, o, p):
    return [ComplexLinear(i, o), NaiveComplexBatchNorm1d(o), ComplexReLU(), ComplexDropout(p)]


class DopplerNet(nn.Module):
    def __init__(self, n_bins=64, widths=(96, 48, 24), n_classes=6, p=0.1):
        super().__init__()
        layers, prev = [], n_bins
        for w in widths:
            layers.extend(complex_block(prev, w, p))
            prev = w
        self.body = nn.Sequential(*layers)
        self.head = nn.Linear(prev, n_classes)

    def forward(self, z):
        return self.head(self.body(z).abs())


model = DopplerNet(n_bins=64, widths=(96, 48, 24), n_classes=6)
