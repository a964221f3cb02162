# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import functools


@functools.total_ordering
class Size:
    def __init__(self, n):
        self.n = n

    def __eq__(self, o):
        return self.n == o.n

    def __lt__(self, o):
        return self.n > o.n


class M(nn.Module):
    def __init__(self):
        super().__init__()
        xs = [Size(3), Size(9), Size(5)]
        self.a = nn.Linear(max(xs).n, min(xs).n)
        self.b = nn.Linear(sorted(xs)[0].n, 2 if Size(3) >= Size(4) else 4)


model = M()
