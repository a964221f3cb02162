# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

from collections import ChainMap


class M(nn.Module):
    def __init__(self):
        super().__init__()
        user = {"width": 24}
        defaults = {"width": 8, "depth": 2}
        cfg = ChainMap(user, defaults)
        cfg["depth"] = 4
        self.blocks = nn.ModuleList(nn.Linear(cfg["width"], 2) for _ in range(cfg["depth"]))
        self.tail = nn.Linear(defaults["depth"], 2)


model = M()
