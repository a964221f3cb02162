import torch
import torch.nn as nn


class Base:
    def __init__(self):
        self.seed = 3


class Tr(Base):
    def __init__(self):
        self.g = torch.Generator()
        self.seed = 2.5
        Base.__init__(self)

    def go(self):
        self.g.manual_seed(self.seed)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)

    def forward(self, x):
        tr = Tr()
        tr.go()
        return self.fc(x)
