"""A spiking MLP for event-sequence classification: rectified units emit spikes, lowpass synapses smooth them."""

import torch
from pytorch_spiking import Lowpass, SpikingActivation, TemporalAvgPool


class SpikingMLP(torch.nn.Module):
    def __init__(self, n_in=34, hidden=48, n_out=10, dt=0.001, tau=0.01):
        super().__init__()
        self.fc1 = torch.nn.Linear(n_in, hidden)
        self.spike1 = SpikingActivation(torch.nn.ReLU(), dt=dt, spiking_aware_training=True)
        self.syn1 = Lowpass(tau=tau, units=hidden, dt=dt)
        self.fc2 = torch.nn.Linear(hidden, n_out)
        self.pool = TemporalAvgPool(dim=1)

    def forward(self, x):  # (batch, time, features)
        x = self.syn1(self.spike1(self.fc1(x)))
        return self.pool(self.fc2(x))


model = SpikingMLP(n_in=34, hidden=48, n_out=10, dt=0.001, tau=0.01)
