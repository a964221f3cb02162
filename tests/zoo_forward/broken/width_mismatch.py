"""Linear(16, 32) feeds Linear(64, 8): torch raises at the first forward."""

import torch.nn as nn
import torch.nn.functional as F

INPUT = (2, 16)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(16, 32)
        self.fc2 = nn.Linear(64, 8)

    def forward(self, x):
        return self.fc2(F.relu(self.fc1(x)))
