# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import copy


class M(nn.Module):
    def __init__(self):
        super().__init__()
        inner = [2]
        outer = [inner, inner]
        c = copy.deepcopy(outer)
        c[0].append(3)
        self.layers = nn.ModuleList(nn.Linear(x, 1) for x in c[1])


model = M()
