"""Layers read a context-managed default (bias on or off) while the model is being built."""

import contextlib
import contextvars

import torch.nn as nn

USE_BIAS = contextvars.ContextVar("use_bias", default=True)


@contextlib.contextmanager
def no_bias():
    token = USE_BIAS.set(False)
    try:
        yield
    finally:
        USE_BIAS.reset(token)


def dense(i, o):
    return nn.Linear(i, o, bias=USE_BIAS.get())


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = dense(16, 32)
        with no_bias():
            self.b = dense(32, 32)
            self.c = dense(32, 32)
        self.d = dense(32, 4)


model = Net()
