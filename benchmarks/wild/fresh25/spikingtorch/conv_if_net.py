"""A spiking conv net with integrate-and-fire and McCulloch-Pitts units."""

import torch.nn as nn
from spikingtorch.layers import IF, McPitts
from spikingtorch.spikingnet import SpikingNet


class ConvSNN(nn.Module):
    def __init__(self, ch=8, classes=5):
        super().__init__()
        self.conv = nn.Conv2d(2, ch, kernel_size=3, padding=1)
        self.spike1 = IF(v0=0.5)
        self.pool = nn.AvgPool2d(2)
        self.fc = nn.Linear(ch * 8 * 8, classes)
        self.spike2 = McPitts(thr=0.2)

    def forward(self, x, init=False):
        h = self.pool(self.spike1(self.conv(x), init))
        return self.spike2(self.fc(h.flatten(1)))


model = SpikingNet(ConvSNN(ch=8, classes=5), Nout=5)
