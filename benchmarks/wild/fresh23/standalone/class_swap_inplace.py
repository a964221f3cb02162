"""Modules converted in place by reassigning __class__ (Linear -> a scaled Linear subclass); nothing re-created."""

from torch import nn


class ScaledLinear(nn.Linear):
    scale = 0.5

    def forward(self, x):
        return super().forward(x) * self.scale


net = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 32), nn.ReLU(), nn.Linear(32, 4))
for m in net.modules():
    if type(m) is nn.Linear and m.out_features == 32:
        m.__class__ = ScaledLinear
net.add_module("extra", nn.Linear(4, 4, bias=False))
model = net
