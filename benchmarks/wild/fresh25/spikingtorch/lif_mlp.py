"""A spiking MLP: Linear layers interleaved with LIF neurons, wrapped by SpikingNet."""

import torch.nn as nn
from spikingtorch.layers import LIF
from spikingtorch.spikingnet import SpikingNet


class LIFNet(nn.Module):
    def __init__(self, n_in, n_hidden, n_out):
        super().__init__()
        self.fc1 = nn.Linear(n_in, n_hidden)
        self.lif1 = LIF(tau=6)
        self.fc2 = nn.Linear(n_hidden, n_out, bias=False)
        self.lif2 = LIF(decay=0.9)

    def forward(self, x, init=False):
        return self.lif2(self.fc2(self.lif1(self.fc1(x), init)), init)


model = SpikingNet(LIFNet(n_in=100, n_hidden=64, n_out=10), Nout=10)
