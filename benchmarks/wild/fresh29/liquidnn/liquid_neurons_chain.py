"""Two LiquidNeuron cells (liquidnn) chained by hand with different time constants, then a readout."""

import torch.nn as nn
from liquidnn import LiquidNeuron


class Chain(nn.Module):
    def __init__(self):
        super().__init__()
        self.first = LiquidNeuron(6, 10, tau=0.2)
        self.second = LiquidNeuron(10, 10, tau=0.8)
        self.readout = nn.Linear(10, 1)


model = Chain()
