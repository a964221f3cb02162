# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        rows = [[]] * 3
        rows[0].append(8)
        table = dict.fromkeys(["a", "b"], [])
        table["a"].append(4)
        self.layers = nn.ModuleList(nn.Linear(w, 2) for r in rows for w in r)
        self.more = nn.ModuleList(nn.Linear(w, 2) for v in table.values() for w in v)


model = M()
