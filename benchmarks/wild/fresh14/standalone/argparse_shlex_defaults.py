"""A GRU tagger configured by argparse parsing a shlex-split command string, with a bidirectional switch."""

import argparse
import shlex

import torch.nn as nn

p = argparse.ArgumentParser()
p.add_argument("--vocab", type=int, default=12000)
p.add_argument("--emb", type=int, default=100)
p.add_argument("--hidden", type=int, default=128)
p.add_argument("--layers", type=int, default=1)
p.add_argument("--bidirectional", action="store_true")
p.add_argument("--tags", nargs="+", default=["O", "B-PER", "I-PER"])
args = p.parse_args(
    shlex.split("--hidden 96 --layers 2 --bidirectional --tags O B-LOC I-LOC B-ORG I-ORG")
)


class Tagger(nn.Module):
    def __init__(self, a):
        super().__init__()
        self.emb = nn.Embedding(a.vocab, a.emb, padding_idx=0)
        self.rnn = nn.GRU(
            a.emb, a.hidden, num_layers=a.layers, bidirectional=a.bidirectional, batch_first=True
        )
        self.out = nn.Linear(a.hidden * (2 if a.bidirectional else 1), len(a.tags))
        self.transitions = nn.Parameter(__import__("torch").zeros(len(a.tags), len(a.tags)))


model = Tagger(args)
