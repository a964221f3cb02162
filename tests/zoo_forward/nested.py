"""Three levels of user modules (model > stage > unit) passing tensors down and back up."""

import torch.nn as nn

INPUT = (4, 12)


class Unit(nn.Module):
    def __init__(self, i, o):
        super().__init__()
        self.lin = nn.Linear(i, o)
        self.act = nn.SiLU()

    def forward(self, x):
        return self.act(self.lin(x))


class Stage(nn.Module):
    def __init__(self, i, o):
        super().__init__()
        self.first = Unit(i, o)
        self.second = Unit(o, o)

    def forward(self, x):
        return self.second(self.first(x))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.s1 = Stage(12, 20)
        self.s2 = Stage(20, 9)

    def forward(self, x):
        y = self.s1(x)
        return self.s2(y)
