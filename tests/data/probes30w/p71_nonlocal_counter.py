# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


def counter(start):
    n = start

    def bump(by=1):
        nonlocal n
        n += by
        return n

    return bump


class M(nn.Module):
    def __init__(self):
        super().__init__()
        c = counter(2)
        c()
        c(4)
        other = counter(100)
        other()
        self.a = nn.Linear(c(), 2)


model = M()
