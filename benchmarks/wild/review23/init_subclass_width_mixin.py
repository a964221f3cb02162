import torch.nn as nn


class WidthMixin:
    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.width = getattr(cls, "base_width", 4) * 2


class A(WidthMixin, nn.Module):
    base_width = 5

    def __init__(self):
        super().__init__()
        self.l = nn.Linear(self.width, self.width)


class B(A):
    base_width = 3


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = A()
        self.b = B()
