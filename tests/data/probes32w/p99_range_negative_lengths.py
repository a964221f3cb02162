# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

WIDTHS = [len(range(0, -10, -3)), len(range(5, 0)) + 1, len(range(1, 10, 4)), range(0, 20, 5)[-1]]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
