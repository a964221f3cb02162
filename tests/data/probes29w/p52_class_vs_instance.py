# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Counter:
    count = 0

    def bump(self):
        self.count += 1
        return self.count


class M(nn.Module):
    def __init__(self):
        super().__init__()
        a, b = Counter(), Counter()
        a.bump()
        a.bump()
        b.bump()
        self.x = nn.Linear(a.count * 8, Counter.count + b.count + 1)


model = M()
