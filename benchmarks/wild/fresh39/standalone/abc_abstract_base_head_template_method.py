# abc.ABC base class with an abstract make_head(); two concrete subclasses share the trunk builder
import abc

import torch.nn as nn


class Base(nn.Module, abc.ABC):
    def __init__(self, in_dim=64, width=256):
        super().__init__()
        self.trunk = nn.Sequential(
            nn.Linear(in_dim, width), nn.ReLU(), nn.Linear(width, width), nn.ReLU()
        )
        self.head = self.make_head(width)

    @abc.abstractmethod
    def make_head(self, width): ...


class Regressor(Base):
    def make_head(self, width):
        return nn.Linear(width, 1)


class Classifier(Base):
    def make_head(self, width):
        return nn.Sequential(nn.Dropout(0.2), nn.Linear(width, 12))


model = nn.ModuleList([Regressor(), Classifier(in_dim=32, width=128)])
