"""__init_subclass__ with class keywords: a grandchild without keywords inherits its parent's class attributes."""

import torch.nn as nn


class Stage(nn.Module):
    expansion = 1
    depth = 1

    def __init_subclass__(cls, /, expansion=None, depth=None, **kwargs):
        super().__init_subclass__(**kwargs)
        if expansion is not None:
            cls.expansion = expansion
        if depth is not None:
            cls.depth = depth

    def __init__(self, dim):
        super().__init__()
        self.blocks = nn.ModuleList(
            [
                nn.Sequential(
                    nn.Linear(dim, dim * self.expansion),
                    nn.GELU(),
                    nn.Linear(dim * self.expansion, dim),
                )
                for _ in range(self.depth)
            ]
        )


class Wide(Stage, expansion=4):
    pass


class WideDeep(Wide, depth=3):
    pass


class Plain(Stage):
    pass


model = nn.Sequential(Plain(12), Wide(12), WideDeep(12))
