# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Widths:
    def __init__(self, *ws):
        self.ws = list(ws)

    def __getitem__(self, k):
        if isinstance(k, slice):
            return Widths(*self.ws[k])
        return self.ws[k]

    def __len__(self):
        return len(self.ws)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        w = Widths(4, 8, 16, 32)
        part = w[1:3]
        self.a = nn.Linear(part[0], len(part))
        self.b = nn.Linear(w[-1], w[::2][1])


model = M()
