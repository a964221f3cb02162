# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        first, *mid, last = [4, 8, 16, 32, 64]
        self.a = nn.Linear(first, last)
        self.mid = nn.ModuleList(nn.Linear(w, 1) for w in mid)
        a = b = []
        a.append(4)
        self.b = nn.Linear(len(b) + 1, 2)
        *_, tail = "abc"
        self.c = nn.Linear(ord(tail) - 96, 2)


model = M()
