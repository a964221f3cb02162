"""A DEQ image classifier: an implicit residual cell wrapped by torchdeq, weight norm applied to the cell."""

import torch.nn as nn
from torchdeq import get_deq
from torchdeq.norm import apply_norm, reset_norm


class ImplicitCell(nn.Module):
    def __init__(self, channels: int, inner: int):
        super().__init__()
        self.conv1 = nn.Conv2d(channels, inner, 3, padding=1, bias=False)
        self.gn1 = nn.GroupNorm(4, inner, affine=True)
        self.conv2 = nn.Conv2d(inner, channels, 3, padding=1, bias=False)
        self.gn2 = nn.GroupNorm(4, channels, affine=True)

    def forward(self, z, x):
        y = self.gn1(self.conv1(z).relu())
        return self.gn2((x + self.conv2(y)).relu())


class DEQNet(nn.Module):
    def __init__(self, channels=48, inner=96, n_classes=10):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, channels, 3, padding=1), nn.BatchNorm2d(channels))
        self.cell = ImplicitCell(channels, inner)
        apply_norm(self.cell, norm_type="weight_norm")
        reset_norm(self.cell)
        self.deq = get_deq(f_solver="anderson", f_max_iter=30, b_solver="fixed_point_iter")
        self.head = nn.Linear(channels, n_classes)


model = DEQNet()
