# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import collections

o = collections.OrderedDict([("a", 3), ("bb", 5), ("ccc", 7)])
k, v = o.popitem(last=False)
WIDTHS = [len(k), v, len(o)]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
