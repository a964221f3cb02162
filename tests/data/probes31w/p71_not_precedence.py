# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        a = not 1 == 2
        b = (not 1) == 2
        c = not [] and 5
        self.a = nn.Linear(int(a) * 3 + int(b) * 5 + 1, c)


model = M()
