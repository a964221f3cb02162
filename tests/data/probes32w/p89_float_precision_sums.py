# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

WIDTHS = [
    3 if 0.1 + 0.2 == 0.3 else 4,
    5 if 1e16 + 1 == 1e16 else 6,
    int(2.675 * 100) - 260,
    round(2.675, 2) * 100 // 1 - 260,
]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
