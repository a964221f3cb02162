# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Bag:
    def __init__(self, n):
        self.n = n

    def __len__(self):
        return self.n


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = [Bag(0), Bag(3), Bag(5)]
        kept = [b.n for b in ws if b]
        self.layers = nn.ModuleList(nn.Linear(k, 1) for k in kept)
        self.tail = nn.Linear(len(ws[2]) or 8, 2)


model = M()
