# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import itertools

g = iter([1, 2, 3, 4, 5])
head = list(itertools.islice(g, 2))
rest = list(g)
WIDTHS = head + [len(rest) + 1]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
