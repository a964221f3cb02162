# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

WIDTH = 4


def widen():
    global WIDTH
    WIDTH *= 2
    return WIDTH


class M(nn.Module):
    def __init__(self):
        super().__init__()
        a = widen()
        b = widen()
        self.a = nn.Linear(a, b)


model = M()
