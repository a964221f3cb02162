"""Pairwise-interaction features: the interaction layer's width is math.comb(n_fields, 2)."""

import math

import torch.nn as nn


class PairwiseInteraction(nn.Module):
    def __init__(self, n_fields=9, emb=12, hidden=64):
        super().__init__()
        self.embs = nn.ModuleList(nn.Embedding(100, emb) for _ in range(n_fields))
        self.mlp = nn.Sequential(
            nn.Linear(math.comb(n_fields, 2), hidden), nn.ReLU(), nn.Linear(hidden, 1)
        )


model = PairwiseInteraction(n_fields=9, emb=12, hidden=64)
