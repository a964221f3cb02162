# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import copy


class M(nn.Module):
    def __init__(self):
        super().__init__()
        base = {"sizes": [2, 3]}
        a = copy.copy(base)
        b = copy.deepcopy(base)
        a["sizes"].append(4)
        b["sizes"].append(9)
        self.layers = nn.ModuleList(nn.Linear(s, 1) for s in base["sizes"])


model = M()
