import torch
import torch.nn as nn


class Tr:
    def __init__(self):
        self.g = torch.Generator()
        self.seed = 2.5

    def go(self):
        self.g.manual_seed(self.seed)


class Holder:
    def __init__(self, t):
        self.t = t


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)

    def forward(self, x):
        tr = Tr()
        h1 = Holder(tr)
        h2 = Holder(tr)
        h1.t.seed = 3
        h2.t.go()
        return self.fc(x)
