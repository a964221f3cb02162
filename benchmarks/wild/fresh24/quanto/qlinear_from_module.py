"""A recommender's scoring tower whose Linears are swapped one by one for quanto QLinear (float8 weights)."""

import torch.nn as nn
from optimum.quanto import qfloat8
from optimum.quanto.nn import QLinear


class ScoringTower(nn.Module):
    def __init__(self, d=48, n_items=500):
        super().__init__()
        self.item_emb = nn.Embedding(n_items, d)
        self.user_proj = nn.Linear(2 * d, d)
        self.score = nn.Linear(d, 1)


model = ScoringTower(d=48, n_items=500)
for name in ("user_proj", "score"):
    setattr(model, name, QLinear.from_module(getattr(model, name), qfloat8))
