# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


def width():
    try:
        return 4
    finally:
        pass


def width2():
    try:
        return 4
    finally:
        return 9


def width3():
    w = 4
    try:
        return w
    finally:
        w = 20


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(f(), 1) for f in (width, width2, width3))


model = M()
