# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

WIDTH = 8


def grow():
    global WIDTH
    WIDTH *= 2
    return WIDTH


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(grow(), 4)
        self.b = nn.Linear(grow(), 4)


model = M()
