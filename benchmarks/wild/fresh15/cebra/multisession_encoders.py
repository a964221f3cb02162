"""One CEBRA encoder per recording session (different neuron counts) sharing an output space,
kept in a ModuleList as multi-session training does."""

import cebra.models
import torch.nn as nn

SESSIONS = {"mouse1": 96, "mouse2": 140, "mouse3": 64}


class MultiSession(nn.Module):
    def __init__(self, arch="offset5-model", units=24, out=3):
        super().__init__()
        self.names = list(SESSIONS)
        self.encoders = nn.ModuleList(
            cebra.models.init(arch, num_neurons=n, num_units=units, num_output=out)
            for n in SESSIONS.values()
        )


model = MultiSession()
