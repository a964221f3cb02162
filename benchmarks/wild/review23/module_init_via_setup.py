import torch.nn as nn


class Base(nn.Module):
    def __init__(self, **kw):
        super().__init__()
        self.setup(**kw)

    def setup(self, **kw):
        raise NotImplementedError


class Dense(Base):
    def setup(self, features=4, in_dim=3):
        self.dense = nn.Linear(in_dim, features)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.d = Dense(features=6)
