"""A text classifier made DP-trainable: nn.LSTM swapped for opacus' DPLSTM (same shapes, own cells)."""

from opacus.layers import DPLSTM
from torch import nn


class CharClassifier(nn.Module):
    def __init__(self, vocab=60, emb=24, hidden=32, n_classes=5, bidirectional=True):
        super().__init__()
        self.embedding = nn.Embedding(vocab, emb)
        self.lstm = DPLSTM(emb, hidden, num_layers=2, batch_first=True, bidirectional=bidirectional)
        self.out = nn.Linear(hidden * (2 if bidirectional else 1), n_classes)


model = CharClassifier(vocab=48, bidirectional=True)
