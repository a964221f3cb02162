# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

BASE = {"width": 8, "depth": 1}
OVER = {"width": 32}


class M(nn.Module):
    def __init__(self):
        super().__init__()
        a = BASE | OVER
        b = OVER | BASE
        c = dict(BASE)
        c |= {"depth": 3}
        self.x = nn.Linear(a["width"], b["width"])
        self.blocks = nn.ModuleList(nn.Linear(4, 4) for _ in range(c["depth"] + b["depth"]))


model = M()
