# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

scale = 2


class Cfg:
    scale = 8
    widths = [scale * i for i in range(1, 3)]
    first = [i for i in range(scale)]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(w, 1) for w in Cfg.widths)
        self.b = nn.Linear(len(Cfg.first), 2)


model = M()
