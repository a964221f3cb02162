from functools import cached_property

import torch.nn as nn


class Net(nn.Module):
    def __init__(self, d=4):
        super().__init__()
        self.d = d
        self.fc = nn.Linear(self.width, self.width)
        self.d = 10
        self.fc2 = nn.Linear(self.width, 1)

    @cached_property
    def width(self):
        return self.d * 2


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.n = Net()
