# layers attached with setattr in a loop under f-string names, read back with getattr
import torch.nn as nn


class Net(nn.Module):
    def __init__(self, sizes=(50, 40, 30, 20)):
        super().__init__()
        self.n = len(sizes) - 1
        for i, (a, b) in enumerate(zip(sizes, sizes[1:])):
            setattr(self, f"fc{i}", nn.Linear(a, b))
            setattr(self, f"bn{i}", nn.BatchNorm1d(b))

    def forward(self, x):
        for i in range(self.n):
            x = getattr(self, f"bn{i}")(getattr(self, f"fc{i}")(x)).relu()
        return x


model = Net(sizes=(50, 40, 30, 20, 10))
