# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

import copy


class Cfg:
    def __init__(self):
        self.widths = [4, 8]
        self.depth = 1


class M(nn.Module):
    def __init__(self):
        super().__init__()
        a = Cfg()
        b = copy.copy(a)
        b.widths.append(16)
        b.depth = 3
        c = copy.deepcopy(a)
        c.widths.append(32)
        self.layers = nn.ModuleList(nn.Linear(w, a.depth) for w in a.widths)
        self.deep = nn.ModuleList(nn.Linear(w, 1) for w in c.widths)


model = M()
