# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


def widths(a, b=2, *rest, c=3, **kw):
    return [a, b, *rest, c, *kw.values()]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = widths(4, 5, 6, 7, d=9)
        vs = widths(*[8], **{"c": 1})
        self.layers = nn.ModuleList(nn.Linear(w, 1) for w in ws + vs)


model = M()
