# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        xs = [10, 9, 100, 2]
        s = sorted(xs, key=str)
        t = sorted(xs, key=lambda x: -x)
        self.a = nn.Linear(s[0], s[1])
        self.b = nn.Linear(t[-1], 2)


model = M()
