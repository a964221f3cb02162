# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

SEEN = []


class Field:
    def __set_name__(self, owner, name):
        SEEN.append(name * 2)


Cfg = type("Cfg", (), {"ab": Field(), "cde": Field()})


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(len(s), 3) for s in SEEN)


model = M()
