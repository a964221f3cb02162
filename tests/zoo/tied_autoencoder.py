"""Zoo: weight tying by attribute assignment (decoder embedding = encoder embedding)."""

import torch.nn as nn


class TiedLM(nn.Module):
    def __init__(self, vocab=700, dim=24):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.rnn = nn.RNN(dim, dim, nonlinearity="relu")
        self.decoder = nn.Linear(dim, vocab)
        self.decoder.weight = self.embed.weight


ENTRY = "TiedLM"
CONFIG = None
INPUT = None


def build():
    return TiedLM()
