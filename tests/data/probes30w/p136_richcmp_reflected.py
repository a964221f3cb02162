# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class W:
    def __init__(self, w):
        self.w = w

    def __lt__(self, other):
        return NotImplemented

    def __gt__(self, other):
        return self.w > other.w


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = [W(8), W(2), W(16)]
        self.a = nn.Linear(min(ws).w, max(ws).w)
        self.b = nn.Linear(sorted(ws)[1].w, 2)


model = M()
