# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        a = 0 or 8
        b = 3 and 0 or 6
        c = [] or [4, 4]
        d = "" and 5
        e = None or 0 or 7
        self.a = nn.Linear(a, b)
        self.b = nn.Linear(len(c) + len(d), e)


model = M()
