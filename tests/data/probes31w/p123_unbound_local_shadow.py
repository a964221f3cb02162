# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

WIDTH = 4


def f():
    try:
        w = WIDTH
    except UnboundLocalError:
        w = 9
    WIDTH = 6
    return w + WIDTH


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(f(), WIDTH)


model = M()
