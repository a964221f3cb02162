"""A fitness regressor on a bidirectional Tranception trunk (causal=False) with a pooled head."""

import torch.nn as nn
from tranception_pytorch import Tranception


class FitnessModel(nn.Module):
    def __init__(self, dim=64, depth=2, vocab=21):
        super().__init__()
        self.lm = Tranception(
            dim=dim, depth=depth, num_tokens=vocab, heads=4, dim_head=16, causal=False
        )
        self.head = nn.Sequential(nn.Linear(vocab, 32), nn.ReLU(), nn.Linear(32, 1))

    def forward(self, seq):
        return self.head(self.lm(seq).mean(dim=1))


model = FitnessModel(dim=64, depth=2, vocab=21)
