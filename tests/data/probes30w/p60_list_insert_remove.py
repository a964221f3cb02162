# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = [4, 8, 16, 8]
        ws.remove(8)
        ws.insert(-1, 2)
        ws.insert(100, 6)
        popped = ws.pop(-2)
        self.layers = nn.ModuleList(nn.Linear(w, 1) for w in ws)
        self.p = nn.Linear(popped, ws.index(2) + 1)


model = M()
