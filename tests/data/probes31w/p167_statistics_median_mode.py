# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import statistics


class M(nn.Module):
    def __init__(self):
        super().__init__()
        a = statistics.median([1, 4, 6, 9])
        b = statistics.mode([3, 3, 5, 5, 2])
        c = statistics.median_low([1, 4, 6, 9])
        self.a = nn.Linear(int(a), b)
        self.b = nn.Linear(c, 2)


model = M()
