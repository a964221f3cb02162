# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

W = 8


def make(w=W):
    return nn.Linear(w, w)


W = 64


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = make()
        self.b = nn.Linear(W, 2)


model = M()
