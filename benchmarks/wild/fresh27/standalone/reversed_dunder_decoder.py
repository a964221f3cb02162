"""An encoder spec with `__reversed__`: `reversed(spec)` gives the decoder's widths (not the plain reversed list)."""

import torch.nn as nn


class Widths:
    def __init__(self, *dims):
        self.dims = list(dims)

    def __iter__(self):
        return iter(self.dims)

    def __reversed__(self):
        return iter([d * 2 for d in self.dims[::-1]])


def chain(dims):
    dims = list(dims)
    return nn.Sequential(*(nn.Linear(a, b) for a, b in zip(dims, dims[1:])))


spec = Widths(30, 20, 10)
model = nn.ModuleDict({"enc": chain(spec), "dec": chain(reversed(spec))})
