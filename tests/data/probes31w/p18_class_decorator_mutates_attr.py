# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


def double_ints(cls):
    for k, v in list(vars(cls).items()):
        if isinstance(v, int) and not k.startswith("_"):
            setattr(cls, k, v * 2)
    return cls


@double_ints
class Cfg:
    width = 5
    depth = 2
    name = "x"


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(Cfg.width, Cfg.width) for _ in range(Cfg.depth))


model = M()
