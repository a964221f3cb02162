# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = [round(x) for x in (0.5, 1.5, 2.5, 3.5, -0.5, 4.4999)]
        ws = [w + 2 for w in ws]
        self.layers = nn.ModuleList(nn.Linear(w, 1) for w in ws)


model = M()
