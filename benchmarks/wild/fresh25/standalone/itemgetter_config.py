"""Sizes pulled out of a config dict with operator.itemgetter (several keys at once)."""

from operator import itemgetter

import torch.nn as nn

CFG = {"vocab": 300, "d_model": 32, "d_ff": 96, "n_out": 5, "dropout": 0.1}
vocab, d_model, d_ff = itemgetter("vocab", "d_model", "d_ff")(CFG)
n_out = itemgetter("n_out")(CFG)

model = nn.Sequential(
    nn.Embedding(vocab, d_model),
    nn.Linear(d_model, d_ff),
    nn.ReLU(),
    nn.Linear(d_ff, d_model),
    nn.Linear(d_model, n_out),
)
