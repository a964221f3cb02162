"""A two-tower retrieval model: both towers look up items in one embedding table; hashed feature buckets."""

import torch.nn as nn

CFG = {
    "embed_dim": 32,
    "num_items": 1000,
    "num_users": 400,
    "hash_buckets": {"query_terms": 2**10, "category": 50},
    "tower_dims": [64, 32],
}


def tower(in_dim, dims):
    layers = []
    for i, d in enumerate(dims):
        layers.append(nn.Linear(in_dim, d))
        if i < len(dims) - 1:
            layers.append(nn.ReLU())
        in_dim = d
    return nn.Sequential(*layers)


class TwoTower(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        e = cfg["embed_dim"]
        self.item_emb = nn.Embedding(cfg["num_items"], e)
        self.user_emb = nn.Embedding(cfg["num_users"], e)
        self.buckets = nn.ModuleDict(
            {k: nn.EmbeddingBag(n, e, mode="mean") for k, n in cfg["hash_buckets"].items()}
        )
        # user tower: user id + history (the item table) + query terms
        self.user_tower = tower(3 * e, cfg["tower_dims"])
        # item tower: item id (the same table) + category
        self.item_tower = tower(2 * e, cfg["tower_dims"])
        self.history_emb = self.item_emb


model = TwoTower(CFG)
