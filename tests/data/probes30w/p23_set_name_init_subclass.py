# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Dim:
    def __set_name__(self, owner, name):
        owner.__dict__.get("_dims", None)
        if "_dims" not in owner.__dict__:
            owner._dims = []
        owner._dims.append(name)
        self.name = name

    def __get__(self, obj, owner=None):
        return 8 if obj is None else obj.__dict__.get(self.name, 8)


class Base:
    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        cls.total = len(cls.__dict__.get("_dims", []))


class Cfg(Base):
    hidden = Dim()
    inner = Dim()
    out = Dim()


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(Cfg.total * 4, 2)
        self.b = nn.Linear(len(Cfg._dims), 3)


model = M()
