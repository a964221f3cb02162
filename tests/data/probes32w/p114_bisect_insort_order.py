# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import bisect

xs = [1, 3, 5]
bisect.insort(xs, 4)
bisect.insort_left(xs, 3)
WIDTHS = xs + [bisect.bisect(xs, 3), bisect.bisect_left(xs, 3)]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
