# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Cfg:
    width = 8
    depth = 1


class M(nn.Module):
    def __init__(self):
        super().__init__()
        c = Cfg()
        c.__dict__.update(width=24)
        vars(c)["depth"] = 3
        self.blocks = nn.ModuleList(nn.Linear(c.width, c.width) for _ in range(c.depth))
        self.tail = nn.Linear(Cfg.width, Cfg().depth + 1)


model = M()
