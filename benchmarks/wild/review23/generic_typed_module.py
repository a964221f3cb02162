from typing import Generic, TypeVar

import torch.nn as nn

T = TypeVar("T")


class Holder(nn.Module, Generic[T]):
    def __init__(self, inner: T, d: int = 4):
        super().__init__()
        self.inner = inner
        self.p = nn.Linear(d, d)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.h = Holder[nn.Linear](nn.Linear(2, 2), d=3)
