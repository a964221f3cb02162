# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

from itertools import accumulate, compress, zip_longest


class M(nn.Module):
    def __init__(self):
        super().__init__()
        widths = list(accumulate([4, 4, 8], initial=2))
        pairs = list(zip_longest([1, 2, 3], [5], fillvalue=7))
        kept = list(compress(widths, [1, 0, 1, 1]))
        self.a = nn.ModuleList(nn.Linear(w, 2) for w in widths)
        self.b = nn.ModuleList(nn.Linear(x, y) for x, y in pairs)
        self.c = nn.Linear(sum(kept), 2)


model = M()
