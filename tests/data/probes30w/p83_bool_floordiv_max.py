# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(max(True, 2) + (True // 2) + 1, 2)
        ws = sorted([3, True, 2, False])
        self.b = nn.Linear(ws[1] + 4, ws[-1])
        self.c = nn.Linear(4, 4) if isinstance(True, int) else nn.Linear(4, 9)


model = M()
