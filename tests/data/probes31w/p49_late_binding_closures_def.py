# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


def makers():
    out = []
    for w in (2, 4, 6):

        def make():
            return nn.Linear(w, 1)

        out.append(make)
    return out


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList(f() for f in makers())


model = M()
