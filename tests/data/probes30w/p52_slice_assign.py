# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = [2, 4, 8, 16, 32]
        ws[1:3] = [7]
        ws[::2] = [1, 3]
        tail = ws[:]
        del tail[::2]
        self.a = nn.ModuleList(nn.Linear(w, 1) for w in ws)
        self.b = nn.ModuleList(nn.Linear(w, 2) for w in tail)


model = M()
