# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Base:
    width = 2

    @classmethod
    def make(cls):
        return cls.width * 3

    @staticmethod
    def fixed():
        return Base.width * 3


class Child(Base):
    width = 5


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(Child.make(), Child.fixed())
        self.b = nn.Linear(Child().make(), 2)


model = M()
