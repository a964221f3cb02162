import torch.nn as nn


class Base(nn.Module):
    registry = {}

    def __init_subclass__(cls, key=None, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.registry[key or cls.__name__.lower()] = cls


class Small(Base, key="s"):
    def __init__(self):
        super().__init__()
        self.l = nn.Linear(3, 3)


class Big(Base):
    def __init__(self):
        super().__init__()
        self.l = nn.Linear(10, 10)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.parts = nn.ModuleList(Base.registry[k]() for k in sorted(Base.registry))
