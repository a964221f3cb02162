"""A Width class whose `__imul__` (in place, `w *= 2`) adds instead of multiplying, while `__mul__` multiplies."""

import torch.nn as nn


class Width:
    def __init__(self, n):
        self.n = n

    def __mul__(self, k):
        return Width(self.n * k)

    def __imul__(self, k):
        self.n += k
        return self


w = Width(10)
doubled = w * 2  # 20
w *= 2  # 12, not 20
model = nn.Sequential(nn.Linear(w.n, doubled.n), nn.Linear(doubled.n, w.n))
