# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
# expect: unknown
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        names = list({"alpha", "be", "c"})
        self.layers = nn.ModuleList(nn.Linear(len(n), i + 1) for i, n in enumerate(names))


model = M()
