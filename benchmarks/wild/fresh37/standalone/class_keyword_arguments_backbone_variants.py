# variants declared with class keyword arguments (__init_subclass__), then instantiated
import torch.nn as nn


class Backbone(nn.Module):
    width = 64
    depth = 4

    def __init_subclass__(cls, width=None, depth=None, **kw):
        super().__init_subclass__(**kw)
        if width is not None:
            cls.width = width
        if depth is not None:
            cls.depth = depth

    def __init__(self):
        super().__init__()
        self.inp = nn.Linear(20, self.width)
        self.hidden = nn.ModuleList(nn.Linear(self.width, self.width) for _ in range(self.depth))


class Small(Backbone, width=32, depth=2):
    pass


class Wide(Small, width=128):
    pass


model = nn.ModuleList([Small(), Wide(), Backbone()])
