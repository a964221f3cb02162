"""Hyperparameters from argparse defaults, parsed from an explicit empty argv plus one override."""

import argparse

from torch import nn

p = argparse.ArgumentParser()
p.add_argument("--d-model", type=int, default=32)
p.add_argument("--layers", type=int, default=2)
p.add_argument("--ff", type=int, default=None)
p.add_argument("--vocab", type=int, default=64)
args = p.parse_args(["--layers", "3"])
ff = args.ff or 4 * args.d_model

model = nn.Sequential(
    nn.Embedding(args.vocab, args.d_model),
    *[
        nn.Sequential(nn.Linear(args.d_model, ff), nn.ReLU(), nn.Linear(ff, args.d_model))
        for _ in range(args.layers)
    ],
)
