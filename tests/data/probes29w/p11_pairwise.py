# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

from itertools import pairwise

WIDTHS = [3, 8, 16, 5]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in pairwise(WIDTHS))
        self.skip = nn.ModuleList(
            nn.Linear(len(a), len(b)) for a, b in pairwise(["ab", "cde", "f"])
        )


model = M()
