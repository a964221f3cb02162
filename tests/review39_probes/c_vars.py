import torch
import torch.nn as nn


class Tr:
    def __init__(self):
        self.g = torch.Generator()
        self.seed = 2.5

    def go(self):
        self.g.manual_seed(self.seed)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)

    def forward(self, x):
        tr = Tr()
        vars(tr).update(seed=3)
        tr.go()
        return self.fc(x)
