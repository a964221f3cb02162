# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        d = dict.fromkeys(["a", "b"], [])
        d["a"] += [4]
        d["b"] = d["b"] + [8]
        self.a = nn.ModuleList(nn.Linear(w, 1) for w in d["a"])
        self.b = nn.ModuleList(nn.Linear(w, 1) for w in d["b"])


model = M()
