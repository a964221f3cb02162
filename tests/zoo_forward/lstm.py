"""Embedding -> batch-first LSTM -> last time step -> classifier."""

import torch.nn as nn

INPUT = (4, 9)
INPUT_KIND = "tokens"
VOCAB = 100


class Net(nn.Module):
    def __init__(self, vocab=VOCAB, emb=16, hidden=32, classes=3):
        super().__init__()
        self.embed = nn.Embedding(vocab, emb)
        self.lstm = nn.LSTM(emb, hidden, num_layers=2, batch_first=True)
        self.fc = nn.Linear(hidden, classes)

    def forward(self, tokens):
        x = self.embed(tokens)
        out, (h, c) = self.lstm(x)
        return self.fc(out[:, -1])
