"""A Dim class with `__sub__`, `__rsub__`, `__truediv__` and `__rmul__`: each reflected form does something different."""

import torch.nn as nn


class Dim:
    def __init__(self, n):
        self.n = n

    def __sub__(self, k):
        return Dim(self.n - k)

    def __rsub__(self, k):
        return Dim(max(k - self.n, 1) * 2)

    def __truediv__(self, k):
        return Dim(self.n // k + 1)

    def __rmul__(self, k):
        return Dim(self.n * k + k)


d = Dim(32)
sizes = [(d - 8).n, (100 - d).n, (d / 3).n, (2 * d).n]  # 24, 136, 11, 66
model = nn.Sequential(*[nn.Linear(a, b) for a, b in zip([32] + sizes, sizes)])
