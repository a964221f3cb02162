"""A config class with data descriptors that validate and derive fields (head_dim from dim/heads)."""

from torch import nn


class Positive:
    def __set_name__(self, owner, name):
        self.name = "_" + name

    def __get__(self, obj, objtype=None):
        return getattr(obj, self.name)

    def __set__(self, obj, value):
        if value <= 0:
            raise ValueError(value)
        setattr(obj, self.name, int(value))


class Cfg:
    dim = Positive()
    heads = Positive()

    def __init__(self, dim, heads):
        self.dim, self.heads = dim, heads

    @property
    def head_dim(self):
        return self.dim // self.heads


class Attn(nn.Module):
    def __init__(self, c: Cfg):
        super().__init__()
        self.qkv = nn.Linear(c.dim, 3 * c.heads * c.head_dim, bias=False)
        self.out = nn.Linear(c.heads * c.head_dim, c.dim)


model = Attn(Cfg(dim=40, heads=6))
