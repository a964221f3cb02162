# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

d = {}
d[2] = "a"
d[2.0] = "bbb"
WIDTHS = [len(d), len(d[2])]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
