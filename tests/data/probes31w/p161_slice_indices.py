# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        xs = [2, 3, 4, 5, 6]
        s = slice(None, None, -2)
        a = xs[s]
        b = s.indices(5)
        c = xs[-2:10]
        self.layers = nn.ModuleList(nn.Linear(x, 1) for x in a)
        self.b = nn.Linear(b[0] + 1, len(c))


model = M()
