"""A Generic-looking block family parameterised by subscription: MLP[64] builds a class with width 64."""

import torch.nn as nn


class MLP(nn.Module):
    width = 32

    def __class_getitem__(cls, width):
        return type(f"MLP{width}", (cls,), {"width": width})

    def __init__(self, d_in, d_out, depth=2):
        super().__init__()
        dims = [d_in] + [self.width] * depth + [d_out]
        self.net = nn.Sequential(
            *[m for a, b in zip(dims, dims[1:]) for m in (nn.Linear(a, b), nn.SiLU())][:-1]
        )

    def forward(self, x):
        return self.net(x)


class TwoTower(nn.Module):
    def __init__(self):
        super().__init__()
        self.user = MLP[64](30, 16)
        self.item = MLP[24](50, 16, depth=3)
        self.bias = MLP(16, 1, depth=1)

    def forward(self, u, i):
        return (self.user(u) * self.item(i)).sum(-1) + self.bias(u).squeeze(-1)


model = TwoTower()
