# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


def counter():
    n = 0

    def inc():
        nonlocal n
        n += 1
        return n

    return inc


c1 = counter()
c2 = counter()
c1()
c1()
c2()


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(c1() + 1, c2() + 1)


model = M()
