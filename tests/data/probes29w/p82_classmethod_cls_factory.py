# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Base(nn.Module):
    width = 4

    def __init__(self, width):
        super().__init__()
        self.l = nn.Linear(width, width)

    @classmethod
    def build(cls):
        return cls(cls.width * 2)


class Wide(Base):
    width = 16


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = Base.build()
        self.b = Wide.build()


model = M()
