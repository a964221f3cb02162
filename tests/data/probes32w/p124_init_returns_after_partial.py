# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class C:
    def __init__(self, n):
        self.items = []
        for i in range(n):
            if i == 3:
                return
            self.items.append(i)


WIDTHS = [len(C(2).items) + 1, len(C(8).items)]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
