# a maxout MLP: each unit is the max over k linear pieces (one Linear of width units * k)
import torch.nn as nn


class Maxout(nn.Module):
    def __init__(self, d_in, units, pieces):
        super().__init__()
        self.lin = nn.Linear(d_in, units * pieces)
        self.units, self.pieces = units, pieces

    def forward(self, x):
        return self.lin(x).view(*x.shape[:-1], self.units, self.pieces).max(-1).values


model = nn.Sequential(
    Maxout(784, 240, 5), nn.Dropout(0.5), Maxout(240, 240, 5), nn.Dropout(0.5), nn.Linear(240, 10)
)
