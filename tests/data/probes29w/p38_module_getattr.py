# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Cfg:
    hidden = 24
    depth = 2


class WithCfg(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg

    def __getattr__(self, name):
        try:
            return super().__getattr__(name)
        except AttributeError:
            return getattr(self.cfg, name)


class M(WithCfg):
    def __init__(self):
        super().__init__(Cfg())
        self.proj = nn.Linear(self.hidden, 4)
        self.blocks = nn.ModuleList(nn.Linear(4, 4) for _ in range(self.depth))
        self.tail = nn.Linear(self.proj.out_features, 2)


model = M()
