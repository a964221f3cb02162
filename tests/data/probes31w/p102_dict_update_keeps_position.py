# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        d = {"a": 2, "b": 3, "c": 4}
        d.update({"a": 9, "d": 5})
        d["b"] = 7
        self.layers = nn.ModuleList(nn.Linear(v, 1) for v in d.values())
        self.first = nn.Linear(next(iter(d.values())), 2)


model = M()
