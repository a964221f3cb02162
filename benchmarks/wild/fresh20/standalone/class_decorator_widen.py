"""A class decorator that wraps __init__ to add an output head after the user's layers."""

import functools

import torch.nn as nn


def with_head(n_out):
    def deco(cls):
        orig = cls.__init__

        @functools.wraps(orig)
        def __init__(self, *a, **kw):
            orig(self, *a, **kw)
            self.head = nn.Linear(self.width, n_out)

        cls.__init__ = __init__
        return cls

    return deco


@with_head(5)
class Encoder(nn.Module):
    def __init__(self, vocab=400, width=48):
        super().__init__()
        self.width = width
        self.emb = nn.EmbeddingBag(vocab, width, mode="mean")
        self.ff = nn.Linear(width, width)


model = Encoder(width=56)
