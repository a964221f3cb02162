# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


def inner():
    yield 4
    yield 8
    return 16


def outer(out):
    got = yield from inner()
    out.append(got)
    yield got * 2


class M(nn.Module):
    def __init__(self):
        super().__init__()
        box = []
        ws = list(outer(box))
        self.layers = nn.ModuleList(nn.Linear(w, 1) for w in ws)
        self.r = nn.Linear(box[0], 2)


model = M()
