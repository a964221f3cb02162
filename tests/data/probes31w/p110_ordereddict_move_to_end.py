# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
from collections import OrderedDict


class M(nn.Module):
    def __init__(self):
        super().__init__()
        d = OrderedDict(a=2, b=3, c=4)
        d.move_to_end("a")
        d.move_to_end("c", last=False)
        k, v = d.popitem(last=False)
        self.first = nn.Linear(v, 2)
        self.rest = nn.ModuleList(nn.Linear(x, 1) for x in d.values())


model = M()
