# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        d = {"a": 8, "bb": 32, "ccc": 32}
        best = max(d, key=d.get)
        least = min(d.items(), key=lambda kv: kv[1])
        self.a = nn.Linear(len(best), least[1])
        self.b = nn.Linear(len(sorted(d, key=len, reverse=True)[0]), 2)


model = M()
