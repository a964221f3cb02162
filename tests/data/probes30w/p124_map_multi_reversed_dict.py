# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = list(map(lambda a, b: a * b, [2, 3, 4], [4, 8]))
        self.layers = nn.ModuleList(nn.Linear(w, 1) for w in ws)
        d = {"x": 4, "yy": 8, "zzz": 16}
        last = next(reversed(d))
        self.b = nn.Linear(len(last), d[last])


model = M()
