"""DIEN: embeddings per feature, a GRU interest extractor, an auxiliary click net, an attention
MLP and an AUGRU interest-evolving cell written with explicit weight parameters."""

import torch
import torch.nn as nn


class AUGRUCell(nn.Module):
    def __init__(self, input_size, hidden_size, bias=True):
        super().__init__()
        self.weight_ih = nn.Parameter(torch.empty(3 * hidden_size, input_size))
        self.weight_hh = nn.Parameter(torch.empty(3 * hidden_size, hidden_size))
        if bias:
            self.bias_ih = nn.Parameter(torch.zeros(3 * hidden_size))
            self.bias_hh = nn.Parameter(torch.zeros(3 * hidden_size))


class DIEN(nn.Module):
    def __init__(self, n_users=50000, n_items=100000, n_cates=1000, emb=18, hidden=36):
        super().__init__()
        self.user_emb = nn.Embedding(n_users, emb)
        self.item_emb = nn.Embedding(n_items, emb)
        self.cate_emb = nn.Embedding(n_cates, emb)
        d = 2 * emb
        self.interest_extractor = nn.GRU(d, hidden, batch_first=True)
        self.auxiliary_net = nn.Sequential(
            nn.Linear(hidden + d, 100),
            nn.Sigmoid(),
            nn.Linear(100, 50),
            nn.Sigmoid(),
            nn.Linear(50, 1),
        )
        self.attention = nn.Sequential(
            nn.Linear(4 * hidden, 80),
            nn.Sigmoid(),
            nn.Linear(80, 40),
            nn.Sigmoid(),
            nn.Linear(40, 1),
        )
        self.query_proj = nn.Linear(d, hidden)
        self.augru = AUGRUCell(hidden, hidden)
        self.dnn = nn.Sequential(
            nn.Linear(emb + d + hidden, 200),
            nn.PReLU(),
            nn.Linear(200, 80),
            nn.PReLU(),
            nn.Linear(80, 1),
        )


model = DIEN()
