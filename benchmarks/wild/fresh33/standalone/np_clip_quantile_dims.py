"""Embedding sizes: np.clip of a rule to [4, 32], then np.quantile (method "lower") for a shared projection width."""

import numpy as np
from torch import nn

cards = np.array([3, 40, 1000, 25000, 12])
dims = np.clip(np.ceil(np.sqrt(cards)).astype(int), 4, 32)
shared = int(np.quantile(dims, 0.5, method="lower"))
model = nn.ModuleDict(
    {
        "emb": nn.ModuleList([nn.Embedding(int(c), int(d)) for c, d in zip(cards, dims)]),
        "proj": nn.Linear(int(dims.sum()), shared),
    }
)
