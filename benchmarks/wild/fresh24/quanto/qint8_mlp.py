"""A tabular MLP quantized in place with optimum-quanto: int8 weights, float activations."""

import torch.nn as nn
from optimum.quanto import qint8, quantize


class TabularMLP(nn.Module):
    def __init__(self, n_features=20, hidden=(128, 64), n_out=3):
        super().__init__()
        dims = [n_features, *hidden]
        self.body = nn.Sequential(
            *[
                m
                for a, b in zip(dims, dims[1:])
                for m in (nn.Linear(a, b), nn.LayerNorm(b), nn.SiLU())
            ]
        )
        self.out = nn.Linear(dims[-1], n_out)


model = TabularMLP(n_features=20, hidden=(128, 64), n_out=3)
quantize(model, qint8)  # weight dtype (positional)
