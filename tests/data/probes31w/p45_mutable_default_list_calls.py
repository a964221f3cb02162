# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


def collect(x, acc=[]):
    acc.append(x)
    return acc


collect(2)
collect(3)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = collect(4)
        self.layers = nn.ModuleList(nn.Linear(w, 1) for w in ws)


model = M()
