# cooperative multiple inheritance: mixins each add modules in __init__ and call super().__init__(**kw)
import torch.nn as nn


class Base(nn.Module):
    def __init__(self, dim, **kw):
        super().__init__()
        self.dim = dim
        self.proj = nn.Linear(dim, dim)


class NormMixin(Base):
    def __init__(self, dim, eps=1e-5, **kw):
        super().__init__(dim, **kw)
        self.norm = nn.LayerNorm(dim, eps=eps)


class FFNMixin(Base):
    def __init__(self, dim, ff_mult=2, **kw):
        super().__init__(dim, **kw)
        self.ffn = nn.Sequential(
            nn.Linear(dim, dim * ff_mult), nn.GELU(), nn.Linear(dim * ff_mult, dim)
        )


class GateMixin(Base):
    def __init__(self, dim, **kw):
        super().__init__(dim, **kw)
        self.gate = nn.Linear(dim, 1)


class Layer(GateMixin, NormMixin, FFNMixin):
    pass


model = nn.Sequential(*[Layer(dim=32, ff_mult=3, eps=1e-6) for _ in range(2)])
