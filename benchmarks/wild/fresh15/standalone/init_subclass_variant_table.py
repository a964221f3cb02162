"""Model variants declared as subclasses whose class keywords (__init_subclass__(depth=, width=))
fill a table; the user picks one by its string name."""

import torch.nn as nn


class Backbone(nn.Module):
    variants: dict = {}

    def __init_subclass__(cls, depth=2, width=64, **kw):
        super().__init_subclass__(**kw)
        cls.depth, cls.width = depth, width
        Backbone.variants[cls.__name__.lower()] = cls

    def __init__(self, in_dim=32, out_dim=10):
        super().__init__()
        dims = [in_dim] + [self.width] * self.depth
        self.mlp = nn.Sequential(
            *[nn.Sequential(nn.Linear(a, b), nn.Tanh()) for a, b in zip(dims, dims[1:])]
        )
        self.out = nn.Linear(self.width, out_dim)


class Narrow(Backbone, depth=6, width=48):
    pass


class Wide(Backbone, depth=2, width=512):
    pass


class WideDeep(Wide, depth=4):  # width inherits the default of the hook, not Wide's 512
    pass


model = Backbone.variants["widedeep"](in_dim=20, out_dim=3)
