# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        d = {frozenset("ab"): 2, frozenset("ba"): 5, frozenset("c"): 3}
        self.layers = nn.ModuleList(nn.Linear(v, 1) for v in d.values())


model = M()
