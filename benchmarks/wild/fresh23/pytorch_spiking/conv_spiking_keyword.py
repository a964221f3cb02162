"""A keyword-spotting net: a temporal conv front end, then spiking units and per-band lowpass filters."""

import torch
from pytorch_spiking import Lowpass, SpikingActivation, TemporalAvgPool


class ConvSpikingKWS(torch.nn.Module):
    def __init__(self, bands=20, channels=32, keywords=12):
        super().__init__()
        self.conv = torch.nn.Conv1d(bands, channels, kernel_size=5, padding=2)
        self.bn = torch.nn.BatchNorm1d(channels)
        self.spike = SpikingActivation(torch.nn.ReLU(), dt=0.001, return_sequences=True)
        self.filters = torch.nn.ModuleDict(
            {
                "fast": Lowpass(tau=0.005, units=channels),
                "slow": Lowpass(tau=0.05, units=channels, initial_level=torch.zeros(1, channels)),
            }
        )
        self.readout = torch.nn.Linear(2 * channels, keywords)
        self.pool = TemporalAvgPool(dim=1)

    def forward(self, x):  # (batch, bands, time)
        h = self.bn(self.conv(x)).transpose(1, 2)
        s = self.spike(h)
        h = torch.cat([self.filters["fast"](s), self.filters["slow"](s)], dim=-1)
        return self.pool(self.readout(h))


model = ConvSpikingKWS(bands=20, channels=32, keywords=12)
