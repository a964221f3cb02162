# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        s = "a.bb.ccc.dddd"
        head, tail = s.rsplit(".", 1)
        x, y = s.split(".", 1)
        self.a = nn.Linear(len(head), len(tail))
        self.b = nn.Linear(len(x), len(y))


model = M()
