"""argparse defaults parsed from an empty argv into a NamedTuple config."""

import argparse
from typing import NamedTuple

import torch.nn as nn


class Cfg(NamedTuple):
    vocab: int
    dim: int
    layers: int
    tie: bool = True


p = argparse.ArgumentParser()
p.add_argument("--vocab", type=int, default=1000)
p.add_argument("--dim", type=int, default=64)
p.add_argument("--layers", type=int, default=2)
cfg = Cfg(**vars(p.parse_args(["--dim", "80"])))


class LM(nn.Module):
    def __init__(self, c: Cfg):
        super().__init__()
        self.emb = nn.Embedding(c.vocab, c.dim)
        self.rnn = nn.GRU(c.dim, c.dim, num_layers=c.layers, batch_first=True)
        self.head = nn.Linear(c.dim, c.vocab, bias=False)
        if c.tie:
            self.head.weight = self.emb.weight


model = LM(cfg._replace(layers=3))
