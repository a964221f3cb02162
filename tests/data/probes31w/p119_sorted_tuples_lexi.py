# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        pairs = [(2, 9), (1, 7), (2, 3), (1, 8)]
        s = sorted(pairs)
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in s[:3])


model = M()
