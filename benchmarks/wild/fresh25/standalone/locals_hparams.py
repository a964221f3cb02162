"""Hyper-parameters captured with dict(locals()) in __init__ and read back to build the layers."""

import torch.nn as nn


class Regressor(nn.Module):
    def __init__(self, n_in=10, hidden=64, depth=3, n_out=1):
        super().__init__()
        hp = dict(locals())
        hp.pop("self")
        hp.pop("__class__", None)
        self.hp = hp
        dims = [hp["n_in"]] + [hp["hidden"]] * hp["depth"]
        self.body = nn.Sequential(*[nn.Linear(a, b) for a, b in zip(dims, dims[1:])])
        self.head = nn.Linear(dims[-1], hp["n_out"])


model = Regressor(n_in=7, hidden=24, depth=2, n_out=3)
