# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Base(nn.Module):
    def __init__(self):
        super().__init__()
        self.__w = 8

    def base_width(self):
        return self.__w


class Child(Base):
    def __init__(self):
        super().__init__()
        self.__w = 32
        self.a = nn.Linear(self.base_width(), self.__w)
        self.b = nn.Linear(self._Base__w + 1, 2)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.c = Child()


model = M()
