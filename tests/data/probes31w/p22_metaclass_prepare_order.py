# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Recording(dict):
    def __init__(self):
        super().__init__()
        self.order = []

    def __setitem__(self, k, v):
        if not k.startswith("__"):
            self.order.append(k)
        super().__setitem__(k, v)


class Meta(type):
    @classmethod
    def __prepare__(mcls, name, bases):
        return Recording()

    def __new__(mcls, name, bases, ns):
        cls = super().__new__(mcls, name, bases, dict(ns))
        cls.order = list(ns.order)
        return cls


class Cfg(metaclass=Meta):
    width = 3
    depth = 5
    width = 7


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(len(Cfg.order), Cfg.width)


model = M()
