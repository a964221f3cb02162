"""An abstract base with abstract properties; concrete heads pick their widths through properties."""

from abc import ABC, abstractmethod

import torch.nn as nn


class Head(nn.Module, ABC):
    def __init__(self, in_dim):
        super().__init__()
        self.proj = nn.Linear(in_dim, self.hidden)
        self.out = nn.Linear(self.hidden, self.n_out)

    @property
    @abstractmethod
    def hidden(self) -> int: ...

    @property
    @abstractmethod
    def n_out(self) -> int: ...


class ClsHead(Head):
    hidden = 256
    n_out = 1000


class BoxHead(Head):
    @property
    def hidden(self):
        return 128

    @property
    def n_out(self):
        return 4 * 20


class MultiTask(nn.Module):
    def __init__(self, in_dim=512):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(64, in_dim), nn.GELU())
        self.heads = nn.ModuleList([ClsHead(in_dim), BoxHead(in_dim)])


model = MultiTask()
