"""Zoo: weight tying by attribute assignment (decoder embedding = encoder embedding)."""

import torch.nn as nn


class TiedLM(nn.Module):
    def __init__(self, vocab=700, dim=24):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.rnn = nn.RNN(dim, dim, nonlinearity="relu")
        self.decoder = nn.Linear(dim, vocab)
        self.decoder.weight = self.embed.weight

    def forward(self, tokens):  # (T, B): the RNN is not batch_first
        h, _ = self.rnn(self.embed(tokens))
        return self.decoder(h)


ENTRY = "TiedLM"
CONFIG = None
INPUT = (7, 2)
INPUT_KIND = "tokens"
VOCAB = 700


def build():
    return TiedLM()
