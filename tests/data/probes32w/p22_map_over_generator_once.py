# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

g = (i for i in range(1, 4))
m = map(lambda v: v * 3, g)
first = list(m)
second = list(g)
WIDTHS = first + [len(second) + 1]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
