"""A module whose `__setattr__` override freezes every submodule assigned under a name starting with "frozen_"."""

import torch.nn as nn


class Encoder(nn.Module):
    def __setattr__(self, name, value):
        if isinstance(value, nn.Module) and name.startswith("frozen_"):
            value.requires_grad_(False)
        super().__setattr__(name, value)

    def __init__(self, d_in, d_hidden):
        super().__init__()
        self.frozen_embed = nn.Linear(d_in, d_hidden)
        self.mixer = nn.Linear(d_hidden, d_hidden)
        self.frozen_norm = nn.LayerNorm(d_hidden)
        self.head = nn.Linear(d_hidden, 2)


model = Encoder(d_in=20, d_hidden=40)
