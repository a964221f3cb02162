# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


def count():
    n = 0
    for i in range(4):
        try:
            if i == 1:
                continue
            n += 10
        finally:
            n += 1
    return n


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(count(), 2)


model = M()
