import math

import torch.nn as nn


def embed_dim(cardinality, scale=6.0):
    return max(4, int(round(scale * math.log1p(cardinality))))


class Tab(nn.Module):
    def __init__(self, cards, n_num, hidden=64):
        super().__init__()
        dims = [embed_dim(c) for c in cards]
        self.embs = nn.ModuleList(nn.Embedding(c, d) for c, d in zip(cards, dims))
        self.mlp = nn.Sequential(
            nn.Linear(sum(dims) + n_num, hidden), nn.ReLU(), nn.Linear(hidden, 1)
        )


model = Tab(cards=[2, 10, 150, 3000], n_num=7, hidden=32)
