# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = [last := w * 2 for w in (1, 2, 5)]
        self.layers = nn.ModuleList(nn.Linear(w, 1) for w in ws)
        self.tail = nn.Linear(last, 2)


model = M()
