# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Cfg:
    width = 8

    def __getattr__(self, name):
        return 3


class M(nn.Module):
    def __init__(self):
        super().__init__()
        try:
            d = Cfg.depth
        except AttributeError:
            d = 11
        self.a = nn.Linear(Cfg().depth, d)


model = M()
