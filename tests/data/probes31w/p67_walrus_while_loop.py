# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        sizes = [3, 4, 0, 5]
        it = iter(sizes)
        ws = []
        while (w := next(it)) != 0:
            ws.append(w)
        self.layers = nn.ModuleList(nn.Linear(w, 1) for w in ws)


model = M()
