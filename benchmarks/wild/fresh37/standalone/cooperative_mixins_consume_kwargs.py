# cooperative mixins: each pops its own keyword arguments and passes the rest along the MRO
import torch.nn as nn


class HeadMixin:
    def __init__(self, *, n_classes=10, **kw):
        super().__init__(**kw)
        self.head = nn.Linear(self.width, n_classes)


class DropoutMixin:
    def __init__(self, *, p=0.0, **kw):
        super().__init__(**kw)
        self.drop = nn.Dropout(p)


class NormMixin:
    def __init__(self, *, norm=True, **kw):
        super().__init__(**kw)
        self.norm = nn.LayerNorm(self.width) if norm else nn.Identity()


class Trunk(nn.Module):
    def __init__(self, *, d_in=16, width=64):
        super().__init__()
        self.width = width
        self.body = nn.Sequential(nn.Linear(d_in, width), nn.GELU(), nn.Linear(width, width))


class Model(HeadMixin, DropoutMixin, NormMixin, Trunk):
    pass


model = Model(d_in=24, width=80, n_classes=7, p=0.2, norm=False)
