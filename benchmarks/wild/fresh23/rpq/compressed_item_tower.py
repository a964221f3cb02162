"""A two-tower recommender whose large item table is an RPQ embedding (user table stays dense)."""

import torch
from rpq.nn import RPQEmbedding
from torch import nn


class TwoTower(nn.Module):
    def __init__(self, n_users=500, n_items=4000, dim=32, books=8, nbits=6):
        super().__init__()
        self.users = nn.Embedding(n_users, dim)
        self.items = RPQEmbedding(n_items, dim, num_codebooks=books, nbits=nbits, padding_idx=0)
        self.user_mlp = nn.Sequential(nn.Linear(dim, dim), nn.ReLU(), nn.Linear(dim, dim))
        self.item_mlp = nn.Sequential(nn.Linear(dim, dim), nn.ReLU(), nn.Linear(dim, dim))
        self.temperature = nn.Parameter(torch.tensor(0.07))

    def forward(self, u, i):
        return (self.user_mlp(self.users(u)) * self.item_mlp(self.items(i))).sum(
            -1
        ) / self.temperature


model = TwoTower(n_users=500, n_items=4000, dim=32, books=8, nbits=6)
