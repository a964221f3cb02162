"""contextvars: a width set inside copy_context().run() does not leak out; a set at module level does."""

import contextvars

from torch import nn

WIDTH = contextvars.ContextVar("WIDTH", default=16)


def build_inner():
    WIDTH.set(64)
    return nn.Linear(8, WIDTH.get())


inner = contextvars.copy_context().run(build_inner)
after_run = nn.Linear(8, WIDTH.get())
WIDTH.set(40)
after_set = nn.Linear(8, WIDTH.get())
model = nn.ModuleList([inner, after_run, after_set])
