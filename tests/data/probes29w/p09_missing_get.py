# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Defaults(dict):
    def __missing__(self, key):
        return 32


class M(nn.Module):
    def __init__(self):
        super().__init__()
        cfg = Defaults(depth=2)
        self.a = nn.Linear(cfg["hidden"], cfg.get("hidden", 8))
        self.blocks = nn.ModuleList(nn.Linear(4, 4) for _ in range(cfg["depth"]))
        self.c = nn.Linear(4, 4) if "hidden" in cfg else nn.Linear(4, 9)


model = M()
