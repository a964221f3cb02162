"""A residual 1D net where one alias-free PReLU activation object is reused by every block."""

from alias_free_torch import Activation1d
from torch import nn


class Block(nn.Module):
    def __init__(self, channels, act):
        super().__init__()
        self.conv_a = nn.Conv1d(channels, channels, 3, padding=1)
        self.act = act  # the same module in every block
        self.conv_b = nn.Conv1d(channels, channels, 3, padding=1)

    def forward(self, x):
        return x + self.conv_b(self.act(self.conv_a(x)))


class Net(nn.Module):
    def __init__(self, channels=24, depth=4):
        super().__init__()
        shared = Activation1d(
            activation=nn.PReLU(num_parameters=channels), up_kernel_size=12, down_kernel_size=12
        )
        self.stem = nn.Conv1d(1, channels, 7, padding=3)
        self.blocks = nn.ModuleList([Block(channels, shared) for _ in range(depth)])
        self.head = nn.Conv1d(channels, 1, 1)

    def forward(self, x):
        x = self.stem(x)
        for b in self.blocks:
            x = b(x)
        return self.head(x)


model = Net(channels=24, depth=4)
