"""DiffWave with a 200-step noise schedule (sizes the step-embedding table) from a JSON config."""

import json

import numpy as np
from diffwave.model import DiffWave
from diffwave.params import AttrDict

cfg = json.loads(
    '{"n_mels": 80, "residual_layers": 20, "residual_channels": 48, "dilation_cycle_length": 10}'
)
cfg["noise_schedule"] = np.linspace(1e-4, 0.02, 200).tolist()

model = DiffWave(AttrDict(cfg))
