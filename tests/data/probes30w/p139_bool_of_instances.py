# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Plain:
    pass


class Empty:
    def __len__(self):
        return 0

    def __bool__(self):
        return True


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 4) if Plain() else nn.Linear(4, 9)
        self.b = nn.Linear(3, 3) if Empty() else nn.Linear(3, 11)
        self.c = nn.Linear(2, 2) if nn.ModuleList() else nn.Linear(2, 13)
        self.d = nn.Linear(5, 5) if nn.Identity() else nn.Linear(5, 17)


model = M()
