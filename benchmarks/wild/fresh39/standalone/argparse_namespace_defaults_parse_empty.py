# a research script's argparse defaults, parsed from an empty argv, building the model
import argparse

import torch.nn as nn

parser = argparse.ArgumentParser()
parser.add_argument("--emb", type=int, default=128)
parser.add_argument("--hidden", type=int, nargs="+", default=[256, 256])
parser.add_argument("--n-items", type=int, default=20000)
parser.add_argument("--tie", action="store_true")
args = parser.parse_args([])


class Rec(nn.Module):
    def __init__(self, a):
        super().__init__()
        self.items = nn.Embedding(a.n_items, a.emb)
        self.lstm = nn.LSTM(a.emb, a.hidden[0], num_layers=len(a.hidden), batch_first=True)
        self.proj = nn.Linear(a.hidden[-1], a.emb)
        self.out = nn.Linear(a.emb, a.n_items)
        if a.tie:
            self.out.weight = self.items.weight


model = Rec(args)
