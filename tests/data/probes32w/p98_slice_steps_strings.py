# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

WIDTHS = [
    len("abcdef"[1:-1:2]),
    len("abc"[::-1]),
    len("abcdef"[-2:10]),
    len("abc"[5:]) + 1,
    len(range(10)[2:8:3]),
]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
