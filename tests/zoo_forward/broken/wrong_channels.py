"""Conv2d(3, 16) feeds Conv2d(8, 32): the channel counts disagree."""

import torch.nn as nn

INPUT = (1, 3, 16, 16)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Conv2d(3, 16, 3), nn.ReLU(), nn.Conv2d(8, 32, 3))

    def forward(self, x):
        return self.body(x)
