"""An enum.Flag selects optional sub-modules; combinations are tested with bitwise membership."""

import enum

import torch
import torch.nn as nn


class Feat(enum.Flag):
    NONE = 0
    POS = enum.auto()
    SEG = enum.auto()
    CLS = enum.auto()
    POOLER = enum.auto()


class Embeddings(nn.Module):
    def __init__(self, vocab=20000, dim=128, max_len=256, feats=Feat.POS | Feat.CLS):
        super().__init__()
        self.word = nn.Embedding(vocab, dim)
        if Feat.POS in feats:
            self.pos = nn.Embedding(max_len, dim)
        if Feat.SEG in feats:
            self.seg = nn.Embedding(2, dim)
        if Feat.CLS in feats:
            self.cls = nn.Parameter(torch.zeros(1, 1, dim))
        self.pooler = nn.Linear(dim, dim) if Feat.POOLER & feats else None
        self.norm = nn.LayerNorm(dim)


model = Embeddings(feats=Feat.POS | Feat.SEG | Feat.POOLER)
