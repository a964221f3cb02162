# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

xs = [1, 2, 3]
xs[1:1] = [7, 8]
try:
    xs[::2] = [0]
except ValueError:
    xs.append(9)
WIDTHS = xs


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
