"""A 1D sequence tagger whose encoding width is odd (the library rounds channels up internally)."""

from positional_encodings.torch_encodings import PositionalEncoding1D, Summer
from torch import nn


class Tagger(nn.Module):
    def __init__(self, vocab: int, dim: int, tags: int):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.pos = Summer(PositionalEncoding1D(dim))
        self.rnn = nn.GRU(dim, dim, batch_first=True)
        self.proj = nn.Linear(dim, tags)


model = Tagger(vocab=100, dim=27, tags=9)
