# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

from functools import lru_cache


@lru_cache(maxsize=None)
def make(w):
    return nn.Linear(w, w)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = make(8)
        self.b = make(8)
        self.c = make(16)
        self.seq = nn.Sequential(make(16), make(4))


model = M()
