# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


def first_big(xs):
    for x in xs:
        if x > 5:
            return x
    else:
        return 3


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(first_big([]), first_big([1, 8, 9]))


model = M()
