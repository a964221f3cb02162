# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        d = {"a": 2, "b": 3, "c": 4}
        v = d.pop("a")
        d["a"] = v * 3
        ws = list(d.values())
        self.first = nn.Linear(ws[0], 2)
        self.last = nn.Linear(ws[-1], 2)


model = M()
