import torch.nn as nn


class Base:
    def __init__(self):
        self.heads = 2


class Sp(Base):
    def __init__(self):
        self.heads = 3
        super().__init__()

    def split(self, x):
        return x.reshape(x.shape[0], self.heads, -1, 2)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)

    def forward(self, x):
        x = Sp().split(self.fc(x))
        return x
