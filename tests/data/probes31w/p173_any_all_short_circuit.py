# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

CALLS = []


def check(x):
    CALLS.append(x)
    return x > 2


class M(nn.Module):
    def __init__(self):
        super().__init__()
        a = any(check(x) for x in (1, 3, 5, 7))
        b = all(check(x) for x in (4, 1, 9))
        c = all([])
        d = any([])
        self.a = nn.Linear(len(CALLS), 2 + a + b)
        self.b = nn.Linear(3 + c * 2 + d * 4, 2)


model = M()
