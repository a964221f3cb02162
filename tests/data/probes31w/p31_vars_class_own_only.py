# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Base:
    a = 1
    b = 2


class Child(Base):
    c = 3


class M(nn.Module):
    def __init__(self):
        super().__init__()
        own = [k for k in vars(Child) if not k.startswith("_")]
        allk = [k for k in dir(Child) if not k.startswith("_")]
        self.a = nn.Linear(len(own), len(allk))


model = M()
