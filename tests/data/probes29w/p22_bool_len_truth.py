# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Flag:
    def __init__(self, on):
        self.on = on

    def __bool__(self):
        return not self.on


class Bag:
    def __init__(self, *items):
        self.items = items

    def __len__(self):
        return len(self.items)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(8, 8) if Flag(True) else nn.Linear(8, 64)
        self.b = nn.Linear(4, 4) if Bag() else nn.Linear(4, 32)
        self.c = nn.Linear(2, 2) if Bag(1) else nn.Linear(2, 16)
        self.d = nn.Linear(Flag(False) and 5 or 6, 1)


model = M()
