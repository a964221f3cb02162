"""Two-tower retrieval: the user tower embeds the user's history with the item tower's own item
table (one nn.Embedding reached from both towers), each tower an MLP to a common space."""

import torch.nn as nn


def mlp(dims):
    layers = []
    for a, b in zip(dims[:-1], dims[1:]):
        layers += [nn.Linear(a, b), nn.ReLU()]
    return nn.Sequential(*layers[:-1])


class ItemTower(nn.Module):
    def __init__(self, n_items, n_cats, dim):
        super().__init__()
        self.item_emb = nn.Embedding(n_items, dim)
        self.cat_emb = nn.Embedding(n_cats, dim // 2)
        self.mlp = mlp([dim + dim // 2, 64, 32])


class UserTower(nn.Module):
    def __init__(self, n_users, item_emb, dim):
        super().__init__()
        self.user_emb = nn.Embedding(n_users, dim)
        self.history_emb = item_emb  # shared with the item tower
        self.mlp = mlp([2 * dim, 64, 32])


class TwoTower(nn.Module):
    def __init__(self, n_users=5000, n_items=20000, n_cats=50, dim=32):
        super().__init__()
        self.item_tower = ItemTower(n_items, n_cats, dim)
        self.user_tower = UserTower(n_users, self.item_tower.item_emb, dim)


model = TwoTower(n_users=500, n_items=2000, n_cats=20, dim=16)
