"""Towers cloned from a prototype with copy.deepcopy, the memo seeded so the embedding stays shared."""

import copy

import torch.nn as nn


class Tower(nn.Module):
    def __init__(self, emb, dim):
        super().__init__()
        self.emb = emb
        self.body = nn.Sequential(nn.Linear(dim, dim), nn.ReLU(), nn.Linear(dim, dim))


shared = nn.Embedding(200, 24)
proto = Tower(shared, 24)
towers = [copy.deepcopy(proto, memo={id(shared): shared}) for _ in range(3)]
model = nn.ModuleList(towers)
