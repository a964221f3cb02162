# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = [4, 12, 20]
        doubled = [last := w * 2 for w in ws]
        self.layers = nn.ModuleList(nn.Linear(w, 2) for w in doubled)
        self.tail = nn.Linear(last, 3)
        if any((big := w) > 10 for w in ws):
            self.big = nn.Linear(big, 1)


model = M()
