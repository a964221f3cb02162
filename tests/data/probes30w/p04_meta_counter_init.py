# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Registry(type):
    seen = []

    def __init__(cls, name, bases, ns):
        super().__init__(name, bases, ns)
        Registry.seen.append(name)
        cls.width = 4 * len(Registry.seen)


class Base(metaclass=Registry):
    pass


class Wide(Base):
    pass


class Wider(Wide):
    pass


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(k.width, 2) for k in (Base, Wide, Wider))
        self.tail = nn.Linear(len(Registry.seen), 5)


model = M()
