"""Text classifier with entmax-1.5 attention pooling instead of softmax (sparse attention heads)."""

import torch
import torch.nn as nn
from entmax import Entmax15, Sparsemax


class SparseAttnPool(nn.Module):
    def __init__(self, dim, heads=4, sparse="entmax"):
        super().__init__()
        self.score = nn.Linear(dim, heads, bias=False)
        self.mix = nn.Linear(dim * heads, dim)
        self.norm = Entmax15(dim=1) if sparse == "entmax" else Sparsemax(dim=1)

    def forward(self, h):
        w = self.norm(self.score(h))  # (b, t, heads)
        pooled = torch.einsum("bth,btd->bhd", w, h).flatten(1)
        return self.mix(pooled)


class Classifier(nn.Module):
    def __init__(self, vocab=1000, dim=64, heads=4, classes=5, sparse="entmax"):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim, padding_idx=0)
        self.encoder = nn.GRU(dim, dim // 2, bidirectional=True, batch_first=True)
        self.pool = SparseAttnPool(dim, heads, sparse)
        self.out = nn.Linear(dim, classes)

    def forward(self, ids):
        h, _ = self.encoder(self.embed(ids))
        return self.out(self.pool(h))


model = Classifier(vocab=800, dim=48, heads=3, classes=4, sparse="sparsemax")
