# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        makers = []
        for w in (4, 8, 16):

            def make():
                return nn.Linear(w, 2)

            makers.append(make)
        self.layers = nn.ModuleList(f() for f in makers)


model = M()
