# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

WIDTHS = [
    len("%s-%s" % (1, 22)),
    len("%5d" % 3),
    len("%-3s|" % "a"),
    len("%(a)s%(a)s" % {"a": "xy"}),
]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
