# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


def width():
    try:
        return 8
    finally:
        return 32


def depth():
    for d in (1, 2, 3):
        try:
            if d == 2:
                break
        finally:
            pass
    return d


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(width(), 2)
        self.blocks = nn.ModuleList(nn.Linear(2, 2) for _ in range(depth()))


model = M()
