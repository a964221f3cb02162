# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Counting(list):
    calls = 0

    def append(self, x):
        Counting.calls += 1
        super().append(x)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        xs = Counting()
        xs.append(3)
        xs.extend([4, 5])
        xs += [6]
        self.a = nn.Linear(len(xs), Counting.calls + 1)


model = M()
