# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Any_:
    def __eq__(self, o):
        return True


xs = [1, 2, 3]
WIDTHS = [xs.index(Any_()) + 1, xs.count(Any_()) + 1]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
