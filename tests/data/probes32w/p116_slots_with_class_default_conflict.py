# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

try:

    class S:
        __slots__ = ("a",)
        a = 1

    WIDTHS = [2]
except ValueError:
    WIDTHS = [3, 4]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
