# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

WIDTHS = [-(-7 // 2), -(7 // -2), -7 % 3 + 1, 7 % -3 + 4, abs(-7 // 2 * 2)]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
