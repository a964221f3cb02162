# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
from collections import Counter


class M(nn.Module):
    def __init__(self):
        super().__init__()
        c = Counter("bbaacd")
        top = c.most_common(2)
        self.layers = nn.ModuleList(nn.Linear(ord(k) - 95, n) for k, n in top)


model = M()
