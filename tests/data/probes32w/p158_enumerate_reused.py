# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

e = enumerate([5, 6, 7])
first = [i for i, _ in e]
second = [i for i, _ in e]
WIDTHS = [len(first) + 1, len(second) + 2]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
