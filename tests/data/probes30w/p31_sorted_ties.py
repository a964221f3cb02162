# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        pairs = [(2, 8), (1, 16), (2, 4), (1, 32)]
        asc = sorted(pairs, key=lambda p: p[0])
        desc = sorted(pairs, key=lambda p: p[0], reverse=True)
        self.a = nn.Linear(asc[0][1], asc[1][1])
        self.b = nn.Linear(desc[0][1], desc[-1][1])


model = M()
