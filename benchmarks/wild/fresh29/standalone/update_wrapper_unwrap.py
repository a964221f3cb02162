"""A decorator that widens every layer, with `functools.wraps`; one layer is built through `__wrapped__` (the undecorated builder)."""

import functools

import torch.nn as nn


def widen(fn):
    @functools.wraps(fn)
    def inner(d_in, d_out):
        return fn(d_in, d_out * 2)

    return inner


@widen
def dense(d_in, d_out):
    return nn.Linear(d_in, d_out)


model = nn.Sequential(dense(4, 10), dense.__wrapped__(20, 7))
