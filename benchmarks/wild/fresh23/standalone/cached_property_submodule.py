"""A projection built through functools.cached_property: the value lands in the instance __dict__, not _modules."""

import functools

from torch import nn


class Model(nn.Module):
    def __init__(self, dim=32, n=6):
        super().__init__()
        self.dim = dim
        self.encoder = nn.Sequential(nn.Linear(12, dim), nn.GELU())
        self.head = nn.Linear(dim, n)
        _ = self.proj  # built eagerly

    @functools.cached_property
    def proj(self):
        return nn.Linear(self.dim, self.dim)

    def forward(self, x):
        return self.head(self.proj(self.encoder(x)))


model = Model(dim=32, n=6)
