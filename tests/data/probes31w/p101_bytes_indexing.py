# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        b = b"ab"
        a = b[0]
        c = bytes(3)
        d = b[:1]
        self.a = nn.Linear(a - 90, len(c))
        self.b = nn.Linear(len(d) + 1, len(list(b"xyz")))


model = M()
