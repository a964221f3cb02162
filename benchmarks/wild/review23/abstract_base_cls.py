import abc

import torch.nn as nn


class Head(nn.Module, abc.ABC):
    out_dim = 3

    def __init__(self, d):
        super().__init__()
        self.proj = nn.Linear(d, self.out_dim)

    @abc.abstractmethod
    def loss(self): ...


class Cls(Head):
    out_dim = 7

    def loss(self):
        return 0


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.h = Cls(5)
