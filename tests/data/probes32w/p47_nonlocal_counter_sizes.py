# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


def counter(step):
    n = 0

    def nxt():
        nonlocal n
        n += step
        return n

    return nxt


c = counter(2)
d = counter(3)
WIDTHS = [c(), c(), d(), c()]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
