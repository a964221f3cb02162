# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        d = {"a": 4, "b": 8, "c": 16}
        d["a"] = 32
        del d["b"]
        d["b"] = 2
        d.update(c=6)
        ws = list(d.values())
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in zip(ws, ws[1:]))


model = M()
