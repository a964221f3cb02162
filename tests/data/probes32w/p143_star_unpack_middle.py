# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

a, *mid, b = [1, 2, 3, 4, 5]
(*head,) = (6,)
first, *rest = "xy"
WIDTHS = [len(mid), a + b, len(head), len(rest) + 1]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
