# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


def gen():
    yield 1
    yield 2
    return 9


class M(nn.Module):
    def __init__(self):
        super().__init__()
        g = gen()
        total = 0
        while True:
            try:
                total += next(g)
            except StopIteration as stop:
                last = stop.value
                break
        self.a = nn.Linear(total, last)


model = M()
