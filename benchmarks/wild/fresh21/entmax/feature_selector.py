"""Tabular model with a sparsemax feature mask per step (TabNet-like attentive transformer, by hand)."""

import torch.nn as nn
from entmax import Entmax15, Sparsemax


class Step(nn.Module):
    def __init__(self, n_features, hidden, mask_fn):
        super().__init__()
        self.attentive = nn.Sequential(
            nn.Linear(hidden, n_features, bias=False), nn.BatchNorm1d(n_features)
        )
        self.mask_fn = mask_fn
        self.transform = nn.Sequential(nn.Linear(n_features, 2 * hidden), nn.GLU())

    def forward(self, x, prior_h):
        mask = self.mask_fn(self.attentive(prior_h))
        return self.transform(x * mask)


class SparseTab(nn.Module):
    def __init__(self, n_features=20, hidden=16, steps=3, out=1):
        super().__init__()
        self.init = nn.Sequential(nn.Linear(n_features, 2 * hidden), nn.GLU())
        fns = [Sparsemax(dim=-1), Entmax15(dim=-1)]
        self.steps = nn.ModuleList(Step(n_features, hidden, fns[i % 2]) for i in range(steps))
        self.head = nn.Linear(hidden, out)

    def forward(self, x):
        h = self.init(x)
        acc = 0
        for s in self.steps:
            h = s(x, h)
            acc = acc + h.relu()
        return self.head(acc)


model = SparseTab(n_features=14, hidden=12, steps=4, out=3)
