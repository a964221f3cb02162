# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


def widths(w, acc=[]):
    acc.append(w)
    return acc


class M(nn.Module):
    def __init__(self):
        super().__init__()
        widths(4)
        ws = widths(8)
        self.layers = nn.ModuleList(nn.Linear(w, 2) for w in ws)


model = M()
