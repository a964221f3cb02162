"""`sum()` over feature specs: the first addition is `0 + spec`, handled by `__radd__`; the total sizes the input."""

import torch.nn as nn


class Feature:
    def __init__(self, dim):
        self.dim = dim

    def __add__(self, other):
        return Feature(self.dim + (other.dim if isinstance(other, Feature) else other))

    def __radd__(self, other):
        return Feature(self.dim + other + 1)  # a bias column is added once, at the start of the sum


features = [Feature(5), Feature(3), Feature(8)]
total = sum(features)
model = nn.Sequential(nn.Linear(total.dim, 32), nn.ReLU(), nn.Linear(32, 1))
