# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import weakref

import torch.nn as nn


class Spec:
    def __init__(self, w):
        self.w = w


REG = weakref.WeakValueDictionary()
keep = Spec(8)
REG["kept"] = keep
REG["temp"] = Spec(32)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(s.w, 2) for s in REG.values())
        self.n = nn.Linear(len(REG) + 1, 2)


model = M()
