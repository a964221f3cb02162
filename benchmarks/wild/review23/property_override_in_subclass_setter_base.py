import torch.nn as nn


class Base:
    def __init__(self):
        self._d = 2

    @property
    def d(self):
        return self._d

    @d.setter
    def d(self, v):
        self._d = v


class Sub(Base):
    @property
    def d(self):
        return self._d * 10


class M(nn.Module):
    def __init__(self):
        super().__init__()
        s = Sub()
        try:
            s.d = 3
        except AttributeError:
            pass
        self.l = nn.Linear(s.d, 1)
