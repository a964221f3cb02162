"""Idiom: a ContextVar holds the current width multiplier; a context manager sets it and resets it with
the token; a block built inside contextvars.copy_context().run keeps a change local to that copy."""

import contextlib
import contextvars

import torch.nn as nn

WIDTH_MULT = contextvars.ContextVar("width_mult", default=1)


@contextlib.contextmanager
def width_mult(m):
    token = WIDTH_MULT.set(m)
    try:
        yield
    finally:
        WIDTH_MULT.reset(token)


def block(d):
    h = d * WIDTH_MULT.get()
    return nn.Sequential(nn.Linear(d, h), nn.ReLU(), nn.Linear(h, d))


def isolated():
    WIDTH_MULT.set(8)
    return block(10)


layers = [block(10)]
with width_mult(4):
    layers.append(block(10))
    layers.append(contextvars.copy_context().run(isolated))
    layers.append(block(10))
layers.append(block(10))
model = nn.Sequential(*layers)
