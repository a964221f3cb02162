"""A gated spiking memory layer (GSMC) over 20 input channels, 64 hidden units, a linear readout."""

import torch.nn as nn
from gsmc_torch import GSMCLayer


class SpikeClassifier(nn.Module):
    def __init__(self, n_in, n_hidden, n_out):
        super().__init__()
        self.rnn = GSMCLayer(input_size=n_in, hidden_size=n_hidden, batch_first=True)
        self.readout = nn.Linear(n_hidden, n_out)


model = SpikeClassifier(n_in=20, n_hidden=64, n_out=10)
