# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Base:
    @classmethod
    def width(cls):
        return 8

    @classmethod
    def make(cls):
        return nn.Linear(cls.width(), 2)


class Child(Base):
    @classmethod
    def width(cls):
        return super().width() * 3


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = Child.make()
        self.b = Base.make()


model = M()
