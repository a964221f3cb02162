# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Bag:
    def __iter__(self):
        return iter([1, 2, 3])


b = Bag()
WIDTHS = [4 if 2 in b else 5, 6 if 9 in b else 7]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
