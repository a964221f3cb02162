# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


def with_norm(cls):
    orig = cls.__init__

    def __init__(self, *a, **k):
        orig(self, *a, **k)
        self.norm = nn.LayerNorm(self.width)

    cls.__init__ = __init__
    return cls


def with_head(cls):
    class Headed(cls):
        def __init__(self, *a, **k):
            super().__init__(*a, **k)
            self.head = nn.Linear(self.width, 3)

    Headed.__name__ = cls.__name__
    return Headed


@with_head
@with_norm
class M(nn.Module):
    def __init__(self, width=16):
        super().__init__()
        self.width = width
        self.body = nn.Linear(width, width)


model = M()
