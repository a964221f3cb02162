# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        t = (4,)
        u = t
        t += (8,)
        l = [4]
        m = l
        l += [8]
        n = [4]
        o = n
        n = n + [8]
        self.a = nn.Linear(len(u), len(t))
        self.b = nn.Linear(len(m), len(o))


model = M()
