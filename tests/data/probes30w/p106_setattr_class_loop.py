# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Cfg:
    pass


for name, w in {"dim": 8, "hidden": 32, "dim2": 4}.items():
    setattr(Cfg, name, w)
Cfg.dim = Cfg.dim * 2


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(Cfg.dim, Cfg.hidden)
        self.b = nn.Linear(Cfg.dim2, 2)


model = M()
