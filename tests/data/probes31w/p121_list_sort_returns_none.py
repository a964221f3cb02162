# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        xs = [5, 2, 8]
        y = xs.sort() or xs
        z = list(reversed(xs))
        self.a = nn.Linear(y[0], z[0])


model = M()
