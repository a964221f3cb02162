# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

SEEN = []


class Field:
    def __set_name__(self, owner, name):
        SEEN.append(name)


class Cfg:
    a = Field()


Cfg.b = Field()
setattr(Cfg, "c", Field())


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(4, 4) for _ in SEEN)
        self.tail = nn.Linear(len(SEEN) + 1, 2)


model = M()
