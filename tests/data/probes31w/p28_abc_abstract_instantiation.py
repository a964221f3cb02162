# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn
import abc


class Base(abc.ABC):
    @abc.abstractmethod
    def width(self): ...


class Half(Base):
    pass


class Full(Base):
    def width(self):
        return 8


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = []
        for cls in (Half, Full):
            try:
                ws.append(cls().width())
            except TypeError:
                ws.append(3)
        self.layers = nn.ModuleList(nn.Linear(w, 2) for w in ws)


model = M()
