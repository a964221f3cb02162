# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        xs = [1]
        xs.extend("abc")
        ys = [1]
        ys.append("abc")
        zs = [1]
        zs += (2, 3)
        try:
            q = [1] + (2,)
        except TypeError:
            q = [0] * 6
        self.a = nn.Linear(len(xs), len(ys))
        self.b = nn.Linear(len(zs), len(q))


model = M()
