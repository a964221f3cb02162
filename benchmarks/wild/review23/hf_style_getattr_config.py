import torch.nn as nn


class Config:
    def __init__(self, **kw):
        self.hidden = 8
        self.layers = 2
        self.__dict__.update(kw)


class Model(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.config = config
        self.blocks = nn.ModuleList(nn.Linear(self.hidden, self.hidden) for _ in range(self.layers))

    def __getattr__(self, name):
        try:
            return super().__getattr__(name)
        except AttributeError:
            return getattr(self.config, name)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.m = Model(Config(layers=3))
