# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import functools

import torch.nn as nn


@functools.total_ordering
class Size:
    def __init__(self, w):
        self.w = w

    def __eq__(self, other):
        return self.w == other.w

    def __lt__(self, other):
        return self.w > other.w


class M(nn.Module):
    def __init__(self):
        super().__init__()
        sizes = [Size(8), Size(32), Size(16)]
        self.a = nn.Linear(max(sizes).w, 2)
        self.b = nn.Linear(sorted(sizes)[0].w, 3)
        self.c = nn.Linear(4, 4) if Size(4) >= Size(2) else nn.Linear(4, 9)


model = M()
