# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


def make_counter():
    count = 0

    def next_width():
        nonlocal count
        count += 1
        return 8 * count

    return next_width


class M(nn.Module):
    def __init__(self):
        super().__init__()
        width = make_counter()
        self.layers = nn.ModuleList(nn.Linear(width(), 4) for _ in range(3))
        other = make_counter()
        self.tail = nn.Linear(other(), 2)


model = M()
