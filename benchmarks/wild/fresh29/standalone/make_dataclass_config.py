"""A config class made at runtime with `dataclasses.make_dataclass` from a field table (defaults from the table)."""

import dataclasses

import torch.nn as nn

table = [("d_in", int, 7), ("d_hidden", int, 33), ("n_out", int, 2)]
Cfg = dataclasses.make_dataclass("Cfg", [(n, t, dataclasses.field(default=d)) for n, t, d in table])
cfg = Cfg(d_hidden=21)
model = nn.Sequential(
    nn.Linear(cfg.d_in, cfg.d_hidden), nn.Tanh(), nn.Linear(cfg.d_hidden, cfg.n_out)
)
