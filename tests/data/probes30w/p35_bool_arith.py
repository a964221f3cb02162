# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        flags = [True, False, True, True]
        self.a = nn.Linear(sum(flags) * 4, (True + True) * 3)
        self.b = nn.Linear(-~True, abs(~True))
        self.c = nn.Linear(8 * (3 > 2) + 1, 2**True)


model = M()
