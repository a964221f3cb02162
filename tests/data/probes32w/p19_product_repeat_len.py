# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import itertools

WIDTHS = [
    len(list(itertools.product("ab", repeat=3))),
    len(list(itertools.combinations_with_replacement("abc", 2))),
]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
