"""A layer config completed with `inspect.signature(...).bind_partial(...)` and `apply_defaults()`: the defaults of the builder's signature fill what the config leaves out."""

import inspect

import torch.nn as nn


def block(d_in, d_hidden=40, d_out=8, depth=2):
    return nn.Sequential(
        nn.Linear(d_in, d_hidden),
        *[nn.Linear(d_hidden, d_hidden) for _ in range(depth - 1)],
        nn.Linear(d_hidden, d_out),
    )


partial_cfg = {"d_in": 6, "d_out": 3}
bound = inspect.signature(block).bind_partial(**partial_cfg)
bound.apply_defaults()
cfg = dict(bound.arguments)  # d_in=6, d_hidden=40, d_out=3, depth=2
cfg["depth"] += 1
model = block(**cfg)
