"""A conv output goes into a Linear without flatten."""

import torch.nn as nn

INPUT = (2, 3, 8, 8)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3)
        self.fc = nn.Linear(4 * 6 * 6, 10)

    def forward(self, x):
        return self.fc(self.conv(x).relu())
