# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


def count():
    n = 0
    for a in range(3):
        for b in range(3):
            if b == a:
                break
            n += 1
        else:
            n += 100
    return n


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(count() + 1, 2)


model = M()
