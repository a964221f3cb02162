"""A spiking MLP with LIF neurons whose membrane and synaptic decays are trained per neuron."""

import torch
import torch.nn as nn
from sinabs.layers import LIF, LIFSqueeze

HIDDEN = 128


class SpikingMLP(nn.Module):
    def __init__(self, n_in=700, n_out=20, hidden=HIDDEN):
        super().__init__()
        self.fc1 = nn.Linear(n_in, hidden)
        self.lif1 = LIF(
            tau_mem=torch.full((hidden,), 20.0),
            tau_syn=torch.full((hidden,), 5.0),
            train_alphas=True,
            shape=(1, hidden),
        )
        self.fc2 = nn.Linear(hidden, n_out)
        self.lif2 = LIFSqueeze(tau_mem=10.0, batch_size=1)


model = SpikingMLP()
