"""A VBPR ranker next to a text tower that embeds item titles; both owned by one module."""

import torch
import torch.nn as nn
from vbpr import VBPR


class Hybrid(nn.Module):
    def __init__(self, users, items, vis_dim, vocab):
        super().__init__()
        self.ranker = VBPR(users, items, torch.zeros(items, vis_dim), 12, 4)
        self.title = nn.EmbeddingBag(vocab, 12, mode="mean")
        self.mix = nn.Linear(24, 1)


model = Hybrid(users=30, items=40, vis_dim=16, vocab=200)
