# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Doubling(dict):
    def __setitem__(self, k, v):
        super().__setitem__(k, v * 2)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        d = Doubling(width=3)
        d.update(depth=4)
        d["heads"] = 5
        d.setdefault("extra", 6)
        self.layers = nn.ModuleList(nn.Linear(v, 1) for v in d.values())


model = M()
