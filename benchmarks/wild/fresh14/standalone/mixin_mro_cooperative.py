"""Cooperative multiple inheritance: mixins add parameters in __init__ via super() along the MRO."""

import torch
import torch.nn as nn


class Base(nn.Module):
    def __init__(self, dim, **kw):
        super().__init__()
        self.dim = dim
        self.core = nn.Linear(dim, dim)


class GateMixin(Base):
    def __init__(self, dim, gate_bias=True, **kw):
        super().__init__(dim, **kw)
        self.gate = nn.Linear(dim, dim, bias=gate_bias)


class ScaleMixin(Base):
    def __init__(self, dim, **kw):
        super().__init__(dim, **kw)
        self.scale = nn.Parameter(torch.ones(dim))


class NormMixin(Base):
    def __init__(self, dim, **kw):
        super().__init__(dim, **kw)
        self.norm = nn.RMSNorm(dim)


class Block(GateMixin, ScaleMixin, NormMixin):
    pass


class LightBlock(ScaleMixin, NormMixin):
    pass


model = nn.Sequential(Block(96, gate_bias=False), LightBlock(96), Block(96))
