# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = {8, 4, 16}
        first = next(iter(ws))
        self.a = nn.Linear(first, 2)
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in zip(ws, list(ws)[1:]))


model = M()
