# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

WIDTH = 8
DEPTH = 1
globals().update(DEPTH=3)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.ModuleList(nn.Linear(WIDTH, 4) for _ in range(DEPTH))


model = M()
