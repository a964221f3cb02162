# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

xs = ["ab", "cd", "e"]
WIDTHS = [
    ord(max(xs, key=len)[0]) - 90,
    ord(min(xs, key=len)[0]) - 90,
    ord(sorted(xs, key=len)[1][0]) - 90,
]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
