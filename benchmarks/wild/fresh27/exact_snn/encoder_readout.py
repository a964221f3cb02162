"""A dense encoder in front of a spiking TTFS head, with a linear readout on the spike times."""

import torch.nn as nn
from exact_snn import ExactTTFSLinear


class SpikeHead(nn.Module):
    def __init__(self, in_dim, hidden, classes):
        super().__init__()
        self.encoder = nn.Linear(in_dim, hidden)
        self.spiking = nn.ModuleList(
            [ExactTTFSLinear(hidden, hidden, grid_pts=201, seed=s) for s in range(2)]
        )
        self.readout = nn.Linear(hidden, classes, bias=False)


model = SpikeHead(in_dim=10, hidden=14, classes=3)
