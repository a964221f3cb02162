"""Abstract base (abc) with an abstract head builder and cooperative mixins whose __init__ take
**kwargs and call super(): the MRO decides which layers exist."""

from abc import ABC, abstractmethod

import torch.nn as nn


class Base(nn.Module, ABC):
    def __init__(self, dim, **kwargs):
        super().__init__()
        self.dim = dim
        self.trunk = nn.Sequential(nn.Linear(dim, dim), nn.Tanh())
        self.head = self.build_head(**kwargs)

    @abstractmethod
    def build_head(self, **kwargs): ...


class DropoutMixin:
    def __init__(self, *args, p=0.1, **kwargs):
        super().__init__(*args, **kwargs)
        self.drop = nn.Dropout(p)


class NormMixin:
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.norm = nn.LayerNorm(self.dim)


class GatedMixin:
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.gate = nn.Linear(self.dim, self.dim)


class Classifier(DropoutMixin, NormMixin, Base):
    def build_head(self, classes=3):
        return nn.Linear(self.dim, classes)


class GatedRegressor(GatedMixin, NormMixin, DropoutMixin, Base):
    def build_head(self, outputs=1, hidden=16):
        return nn.Sequential(nn.Linear(self.dim, hidden), nn.ReLU(), nn.Linear(hidden, outputs))


model = nn.ModuleDict(
    {
        "cls": Classifier(32, classes=7, p=0.2),
        "reg": GatedRegressor(20, outputs=2, hidden=12),
    }
)
