"""Zoo: a sequence tagger -- Embedding, 2-layer bidirectional LSTM, Linear over 2*hidden."""

import torch.nn as nn


class Tagger(nn.Module):
    def __init__(self, vocab=1000, emb=32, hidden=48, tags=9, layers=2):
        super().__init__()
        self.embed = nn.Embedding(vocab, emb, padding_idx=0)
        self.lstm = nn.LSTM(emb, hidden, num_layers=layers, bidirectional=True, batch_first=True)
        self.out = nn.Linear(2 * hidden, tags)

    def forward(self, tokens):
        h, _ = self.lstm(self.embed(tokens))
        return self.out(h)


ENTRY = "Tagger"
CONFIG = None
INPUT = (2, 11)
INPUT_KIND = "tokens"
VOCAB = 1000


def build():
    return Tagger()
