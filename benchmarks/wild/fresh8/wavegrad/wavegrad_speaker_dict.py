"""One WaveGrad vocoder per speaker, kept in a ModuleDict keyed by speaker name."""

import torch.nn as nn
from wavegrad.model import WaveGrad
from wavegrad.params import AttrDict, params

SPEAKERS = ["alice", "bob"]
p = AttrDict(params).override({"noise_schedule": [1e-6 * (1.2**i) for i in range(50)]})

model = nn.ModuleDict({s: WaveGrad(p) for s in SPEAKERS})
