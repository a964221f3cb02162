# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class F:
    def __init__(self, v):
        self.v = v

    def __bool__(self):
        return self.v > 2


WIDTHS = [len(list(filter(None, [F(1), F(3), F(5)]))) + 1, sum(1 for f in [F(1), F(4)] if f) + 1]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
