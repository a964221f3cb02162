# functools.cached_property derives the head dim and the rotary size on a config object
from functools import cached_property

import torch.nn as nn


class AttnConfig:
    def __init__(self, hidden=256, heads=8, kv_heads=2):
        self.hidden, self.heads, self.kv_heads = hidden, heads, kv_heads

    @cached_property
    def head_dim(self):
        return self.hidden // self.heads

    @cached_property
    def kv_dim(self):
        return self.head_dim * self.kv_heads


class GQA(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.q = nn.Linear(c.hidden, c.hidden, bias=False)
        self.kv = nn.Linear(c.hidden, 2 * c.kv_dim, bias=False)
        self.o = nn.Linear(c.hidden, c.hidden, bias=False)


model = nn.ModuleList([GQA(AttnConfig(hidden=256, heads=8, kv_heads=2)) for _ in range(4)])
