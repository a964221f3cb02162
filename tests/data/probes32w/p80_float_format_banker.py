# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

WIDTHS = [
    int(format(0.5, ".0f")) + 1,
    int(format(1.5, ".0f")),
    int(format(2.5, ".0f")),
    int("%.0f" % 3.5),
]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
