"""A class decorator that wraps __init__ to append an extra projection to every decorated module."""

import functools

from torch import nn


def with_proj(out: int):
    def deco(cls):
        orig = cls.__init__

        @functools.wraps(orig)
        def __init__(self, *a, **kw):
            orig(self, *a, **kw)
            self.proj = nn.Linear(self.dim, out)

        cls.__init__ = __init__
        return cls

    return deco


@with_proj(out=5)
class Enc(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.dim = dim
        self.body = nn.Linear(dim, dim)


model = nn.ModuleList([Enc(dim=8), Enc()])
