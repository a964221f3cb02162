"""The factory's default widths are read back from `make_head.__defaults__` and `__kwdefaults__`."""

import torch.nn as nn


def make_head(d_in, hidden=40, *, classes=7):
    return nn.Sequential(nn.Linear(d_in, hidden), nn.ReLU(), nn.Linear(hidden, classes))


hidden_default = make_head.__defaults__[0]
classes_default = make_head.__kwdefaults__["classes"]
model = nn.ModuleDict(
    {
        "head": make_head(16),
        "aux": nn.Linear(hidden_default, classes_default * 2),
    }
)
