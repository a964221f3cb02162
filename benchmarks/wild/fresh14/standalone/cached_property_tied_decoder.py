"""An autoencoder whose decoder reuses encoder weights transposed through functools.cached_property views."""

from functools import cached_property

import torch
import torch.nn as nn
import torch.nn.functional as F


class TiedAE(nn.Module):
    def __init__(self, dims=(784, 256, 64)):
        super().__init__()
        self.enc = nn.ModuleList(nn.Linear(a, b) for a, b in zip(dims, dims[1:]))
        self.dec_bias = nn.ParameterList(nn.Parameter(torch.zeros(a)) for a in reversed(dims[:-1]))

    @cached_property
    def dec_weights(self):
        return [layer.weight for layer in reversed(self.enc)]

    def forward(self, x):
        for layer in self.enc:
            x = F.relu(layer(x))
        for w, b in zip(self.dec_weights, self.dec_bias):
            x = F.linear(x, w.t(), b)
        return x


model = TiedAE()
_ = model.dec_weights  # touched once: the list lands in __dict__, not in _parameters
