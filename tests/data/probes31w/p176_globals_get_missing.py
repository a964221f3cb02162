# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

WIDTH = 6


class M(nn.Module):
    def __init__(self):
        super().__init__()
        a = globals().get("WIDTH", 3)
        b = globals().get("DEPTH", 2)
        self.layers = nn.ModuleList(nn.Linear(a, 1) for _ in range(b))


model = M()
