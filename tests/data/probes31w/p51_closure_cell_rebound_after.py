# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


def outer():
    w = 3

    def get():
        return w

    w = 8
    return get


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(outer()(), 2)


model = M()
