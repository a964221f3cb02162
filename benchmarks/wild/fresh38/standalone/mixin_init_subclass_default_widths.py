# mixins with __init_subclass__ keyword defaults; the concrete class picks depth and width
import torch.nn as nn


class WidthMixin:
    def __init_subclass__(cls, width=64, **kw):
        super().__init_subclass__(**kw)
        cls.width = width


class DepthMixin:
    def __init_subclass__(cls, depth=2, **kw):
        super().__init_subclass__(**kw)
        cls.depth = depth


class Tower(WidthMixin, DepthMixin, nn.Module, width=96, depth=3):
    def __init__(self, d_in):
        super().__init__()
        dims = [d_in] + [self.width] * self.depth
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in zip(dims, dims[1:]))


model = Tower(d_in=30)
