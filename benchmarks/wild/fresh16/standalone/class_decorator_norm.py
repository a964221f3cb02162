# class decorators that wrap __init__ to bolt extra modules on (a "with_layernorm" / "with_head" style)
import functools

import torch.nn as nn


def with_output_norm(dim_attr):
    def deco(cls):
        orig_init = cls.__init__

        @functools.wraps(orig_init)
        def __init__(self, *args, **kwargs):
            orig_init(self, *args, **kwargs)
            self.out_norm = nn.LayerNorm(getattr(self, dim_attr))

        cls.__init__ = __init__
        return cls

    return deco


def with_head(n_classes):
    def deco(cls):
        orig_init = cls.__init__

        def __init__(self, *args, **kwargs):
            orig_init(self, *args, **kwargs)
            self.head = nn.Linear(self.width, n_classes)

        cls.__init__ = __init__
        return cls

    return deco


@with_head(5)
@with_output_norm("width")
class Encoder(nn.Module):
    def __init__(self, d_in, width, depth=2):
        super().__init__()
        self.width = width
        self.inp = nn.Linear(d_in, width)
        self.blocks = nn.Sequential(
            *[nn.Sequential(nn.Linear(width, width), nn.GELU()) for _ in range(depth)]
        )

    def forward(self, x):
        return self.head(self.out_norm(self.blocks(self.inp(x))))


model = Encoder(12, 40, depth=3)
