# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class K:
    def __init__(self, v):
        self.v = v

    def __hash__(self):
        return 1


d = {K(1): 1, K(1): 2, K(2): 3}
WIDTHS = [len(d)]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
