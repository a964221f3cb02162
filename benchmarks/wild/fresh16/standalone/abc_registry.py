"""Backbones registered through a classmethod decorator on an ABC (no metaclass), built by key."""

import abc

import torch.nn as nn


class Backbone(nn.Module, abc.ABC):
    _registry: dict = {}

    @classmethod
    def register(cls, key):
        def deco(sub):
            cls._registry[key] = sub
            return sub

        return deco

    @classmethod
    def create(cls, key, **kw):
        return cls._registry[key].from_kwargs(**kw)

    @classmethod
    def from_kwargs(cls, **kw):
        return cls(**kw)

    @property
    @abc.abstractmethod
    def out_dim(self): ...


@Backbone.register("mlp")
class MLPBackbone(Backbone):
    def __init__(self, d_in, width=32, depth=2):
        super().__init__()
        dims = [d_in] + [width] * depth
        self.net = nn.Sequential(*[nn.Linear(a, b) for a, b in zip(dims, dims[1:])])
        self._out = width

    @property
    def out_dim(self):
        return self._out


@Backbone.register("gru")
class GRUBackbone(Backbone):
    def __init__(self, d_in, hidden=24, layers=1):
        super().__init__()
        self.rnn = nn.GRU(d_in, hidden, layers, batch_first=True)
        self._out = hidden

    @classmethod
    def from_kwargs(cls, width=24, depth=1, **kw):
        return cls(hidden=width, layers=depth, **kw)

    @property
    def out_dim(self):
        return self._out


class Model(nn.Module):
    def __init__(self, kind, d_in, n_out, **kw):
        super().__init__()
        self.backbone = Backbone.create(kind, d_in=d_in, **kw)
        self.head = nn.Linear(self.backbone.out_dim, n_out)


model = Model("gru", d_in=9, n_out=4, width=20, depth=2)
