# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = [2, 4, 8, 16, 32, 64]
        a = ws[::-2]
        b = ws[-2:-5:-1]
        self.a = nn.ModuleList(nn.Linear(w, 1) for w in a)
        self.b = nn.ModuleList(nn.Linear(w, 1) for w in b)
        self.c = nn.Linear(len("ab" * -1) + len([1] * 3), 2)


model = M()
