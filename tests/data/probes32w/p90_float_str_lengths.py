# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

WIDTHS = [
    len(str(0.1 + 0.2)),
    len(str(1 / 3)),
    len(repr(1e16)),
    len(str(1e15)),
    len(str(10**21 * 1.0)),
]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
