# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Doubling(type):
    def __new__(mcs, name, bases, ns):
        ns["width"] = ns.get("width", 4) * 2
        return super().__new__(mcs, name, bases, ns)


class Cfg(metaclass=Doubling):
    width = 12


class Other(Cfg):
    pass


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(Cfg.width, Other.width)


model = M()
