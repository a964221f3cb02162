# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = [4, 12, 20, 28]
        ok = all((last := w) < 15 for w in ws)
        self.a = nn.Linear(last, 2)
        self.b = nn.Linear(3, 3) if ok else nn.Linear(3, 7)
        if any((first := w) > 10 for w in ws):
            self.c = nn.Linear(first, 1)


model = M()
