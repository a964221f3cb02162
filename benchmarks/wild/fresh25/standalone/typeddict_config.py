"""A TypedDict configuration (with a NotRequired-style total=False part) drives a GRU tagger."""

from typing import TypedDict

import torch.nn as nn


class _Optional(TypedDict, total=False):
    bidirectional: bool


class TaggerConfig(_Optional):
    vocab: int
    emb: int
    hidden: int
    tags: int


class Tagger(nn.Module):
    def __init__(self, cfg: TaggerConfig):
        super().__init__()
        bi = cfg.get("bidirectional", False)
        self.emb = nn.Embedding(cfg["vocab"], cfg["emb"])
        self.rnn = nn.GRU(cfg["emb"], cfg["hidden"], batch_first=True, bidirectional=bi)
        self.out = nn.Linear(cfg["hidden"] * (2 if bi else 1), cfg["tags"])


model = Tagger(TaggerConfig(vocab=400, emb=24, hidden=32, tags=9, bidirectional=True))
