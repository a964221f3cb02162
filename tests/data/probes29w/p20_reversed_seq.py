# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Widths:
    def __init__(self, *ws):
        self.ws = ws

    def __len__(self):
        return len(self.ws)

    def __getitem__(self, i):
        return self.ws[i] * 2


class M(nn.Module):
    def __init__(self):
        super().__init__()
        w = Widths(3, 5, 9)
        dec = list(reversed(w))
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in zip(dec, dec[1:]))


model = M()
