# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

xs = [5, 6, 7, 8]
a = xs.pop(0)
b = xs.pop()
c = xs.pop(-2)
WIDTHS = [a, b, c, len(xs) + 1]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
