"""LightGCN: the only parameters are the user and item embedding tables (propagation has no weights)."""

import argparse

import torch.nn as nn

p = argparse.ArgumentParser()
p.add_argument("--n-users", type=int, default=29858)
p.add_argument("--n-items", type=int, default=40981)
p.add_argument("--dim", type=int, default=64)
p.add_argument("--layers", type=int, default=3)
args = p.parse_args([])


class LightGCN(nn.Module):
    def __init__(self, a):
        super().__init__()
        self.user_emb = nn.Embedding(a.n_users, a.dim)
        self.item_emb = nn.Embedding(a.n_items, a.dim)
        self.alpha = [1.0 / (a.layers + 1)] * (a.layers + 1)
        nn.init.normal_(self.user_emb.weight, std=0.1)
        nn.init.normal_(self.item_emb.weight, std=0.1)


model = LightGCN(args)
