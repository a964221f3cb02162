# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        xs = [2, 3, 4, 5, 6, 7]
        del xs[::2]
        ys = [2, 3, 4, 5]
        del ys[1:-1]
        self.layers = nn.ModuleList(nn.Linear(x, 1) for x in xs + ys)


model = M()
