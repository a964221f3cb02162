"""A builder that pops its own keywords off `**kwargs` and forwards the rest to nn.Linear (bias=False travels through)."""

import torch.nn as nn


def build(d_in, **kwargs):
    hidden = kwargs.pop("hidden", 32)
    depth = kwargs.pop("depth", 1)
    layers = [nn.Linear(d_in, hidden, **kwargs)]
    layers += [nn.Linear(hidden, hidden, **kwargs) for _ in range(depth - 1)]
    return nn.Sequential(*layers)


model = nn.ModuleList([build(6, hidden=10, depth=3, bias=False), build(6)])
