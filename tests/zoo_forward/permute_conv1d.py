"""A temporal conv over (B, T, C) features: permute to channels-first and back."""

import torch.nn as nn

INPUT = (2, 11, 6)


class Net(nn.Module):
    def __init__(self, c=6, hidden=10):
        super().__init__()
        self.conv = nn.Conv1d(c, hidden, kernel_size=3, padding=1)
        self.proj = nn.Linear(hidden, 4)

    def forward(self, x):
        y = self.conv(x.permute(0, 2, 1))  # (B, hidden, T)
        y = y.permute(0, 2, 1)
        return self.proj(y)
