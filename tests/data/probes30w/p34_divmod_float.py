# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        q, r = divmod(50, 8)
        self.a = nn.Linear(q, r)
        fq, fr = divmod(7.5, 2)
        self.b = nn.Linear(int(fq), int(fr * 2))
        self.c = nn.Linear(int(-7.5 // 2) + 8, int(-7.5 % 2 * 2))


model = M()
