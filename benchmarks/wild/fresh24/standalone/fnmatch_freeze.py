"""Partial fine-tuning: parameters matching shell-style patterns (fnmatch) are frozen."""

import fnmatch

import torch.nn as nn

FROZEN = ["encoder.0.*", "encoder.2.weight", "*.norm.*"]


class Tagger(nn.Module):
    def __init__(self, vocab=300, d=32, tags=9):
        super().__init__()
        self.embed = nn.Embedding(vocab, d)
        self.encoder = nn.Sequential(nn.Linear(d, d), nn.ReLU(), nn.Linear(d, d))
        self.head = nn.Module()
        self.head.norm = nn.LayerNorm(d)
        self.head.proj = nn.Linear(d, tags)


model = Tagger(vocab=300, d=32, tags=9)
for name, p in model.named_parameters():
    if any(fnmatch.fnmatch(name, pat) for pat in FROZEN):
        p.requires_grad_(False)
