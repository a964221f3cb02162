"""Deep Interest Network: a local activation unit over the user's behaviour sequence, Dice activations."""

import torch
import torch.nn as nn


class Dice(nn.Module):
    def __init__(self, num_features, dim=2, epsilon=1e-8):
        super().__init__()
        self.bn = nn.BatchNorm1d(num_features, eps=epsilon)
        self.alpha = nn.Parameter(torch.zeros(num_features if dim == 2 else (num_features, 1)))
        self.dim = dim

    def forward(self, x):
        p = torch.sigmoid(self.bn(x))
        return self.alpha * (1 - p) * x + p * x


class LocalActivationUnit(nn.Module):
    def __init__(self, hidden_units=(36, 16), embedding_dim=8):
        super().__init__()
        layers, d = [], 4 * embedding_dim
        for h in hidden_units:
            layers += [nn.Linear(d, h), Dice(h)]
            d = h
        self.dnn = nn.Sequential(*layers)
        self.dense = nn.Linear(d, 1)


class DIN(nn.Module):
    def __init__(self, n_users=1000, n_items=5000, n_cates=100, emb=8, dnn_hidden=(200, 80)):
        super().__init__()
        self.user_emb = nn.Embedding(n_users, emb)
        self.item_emb = nn.Embedding(n_items, emb, padding_idx=0)
        self.cate_emb = nn.Embedding(n_cates, emb, padding_idx=0)
        self.attention = LocalActivationUnit(hidden_units=(36, 16), embedding_dim=2 * emb)
        layers, d = [], emb + 2 * emb * 2
        for h in dnn_hidden:
            layers += [nn.Linear(d, h), Dice(h)]
            d = h
        self.dnn = nn.Sequential(*layers)
        self.out = nn.Linear(d, 1)


model = DIN(n_users=1000, n_items=5000, n_cates=100, emb=8, dnn_hidden=(200, 80))
