# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        s = {5, 3, 9}
        a = s.pop()
        d = {"a": 4, "b": 8, "c": 16}
        k, v = d.popitem()
        self.a = nn.Linear(a, v)
        self.b = nn.Linear(d.pop("z", 6), len(d))


model = M()
