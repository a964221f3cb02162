# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Specs:
    class Conv:
        def __init__(self, width):
            self.width = width

    class Dense:
        def __init__(self, width):
            self.width = width


class M(nn.Module):
    def __init__(self):
        super().__init__()
        specs = [Specs.Conv(8), Specs.Dense(16), Specs.Conv(24)]
        self.heads = nn.ModuleDict()
        for s in specs:
            key = type(s).__qualname__.replace(".", "_")
            self.heads[key] = nn.Linear(s.width, s.width)
        self.tag = nn.Linear(len(type(self).__qualname__), len(Specs.Conv.__name__))


model = M()
