"""A `functools.wraps` decorator appends a LayerNorm; calling the factory's `__wrapped__` skips it."""

import functools

import torch.nn as nn


def with_norm(fn):
    @functools.wraps(fn)
    def inner(d_in, d_out):
        return nn.Sequential(fn(d_in, d_out), nn.LayerNorm(d_out))

    return inner


@with_norm
def proj(d_in, d_out):
    return nn.Linear(d_in, d_out)


model = nn.ModuleList([proj(16, 32), proj.__wrapped__(32, 32), proj(32, 8)])
