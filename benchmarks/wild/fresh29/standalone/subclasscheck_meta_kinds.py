"""Layer kinds chosen by `issubclass` against marker classes whose metaclass defines `__subclasscheck__` (by a `wide` flag, not by inheritance)."""

import torch.nn as nn


class WideMeta(type):
    def __subclasscheck__(cls, sub):
        return getattr(sub, "wide", False)


class Wide(metaclass=WideMeta):
    pass


class SpecA:
    wide = True


class SpecB(Wide):
    wide = False


def make(spec):
    width = 64 if issubclass(spec, Wide) else 16
    return nn.Linear(8, width)


model = nn.ModuleList(
    [make(SpecA), make(SpecB)]
)  # SpecA counts as Wide, SpecB (a real subclass) does not
