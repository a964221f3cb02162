import numpy as np
import torch.nn as nn


def groups_for(c_in, c_out, max_groups=8):
    g = int(np.gcd(c_in, c_out))
    while g > max_groups:
        g //= 2
    return g


class Net(nn.Module):
    def __init__(self, channels, max_groups=8):
        super().__init__()
        self.convs = nn.ModuleList(
            nn.Conv2d(a, b, 3, padding=1, groups=groups_for(a, b, max_groups))
            for a, b in zip(channels, channels[1:])
        )
        g = np.gcd.reduce(np.array(channels[1:]))
        self.norm = nn.GroupNorm(int(g), channels[-1])


model = Net(channels=[12, 18, 48, 40], max_groups=4)
