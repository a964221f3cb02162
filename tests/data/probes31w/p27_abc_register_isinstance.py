# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import abc


class Sized(abc.ABC):
    pass


class Cfg:
    width = 6


Sized.register(Cfg)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        w = Cfg.width if isinstance(Cfg(), Sized) else 2
        self.a = nn.Linear(w, 3)


model = M()
