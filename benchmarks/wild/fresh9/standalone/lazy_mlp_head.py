# lazy modules: in_features inferred at the first forward (uninitialized parameters before that)
import torch
from torch import nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(
            nn.LazyConv2d(32, 3),
            nn.ReLU(),
            nn.LazyConv2d(64, 3),
            nn.ReLU(),
            nn.AdaptiveAvgPool2d(4),
        )
        self.head = nn.Sequential(nn.Flatten(), nn.LazyLinear(128), nn.ReLU(), nn.LazyLinear(10))

    def forward(self, x):
        return self.head(self.features(x))


model = Net()
model(torch.zeros(1, 3, 32, 32))
