# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

xs = ["b", "A", "c", "B"]
WIDTHS = [ord(sorted(xs)[0]) - 60, ord(sorted(xs, key=str.lower)[1]) - 60, ord(max(xs)) - 90]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
