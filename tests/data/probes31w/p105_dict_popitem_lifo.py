# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        d = {"a": 2, "b": 3, "c": 4}
        k, v = d.popitem()
        d["e"] = 5
        k2, v2 = d.popitem()
        x = d.pop("zz", 6)
        self.a = nn.Linear(v, v2)
        self.b = nn.Linear(x, len(d))


model = M()
