"""A small DiffWave: the default AttrDict overridden with fewer, narrower residual layers."""

from diffwave.model import DiffWave
from diffwave.params import AttrDict, params

small = AttrDict(params).override(
    {"residual_layers": 12, "residual_channels": 32, "dilation_cycle_length": 6, "n_mels": 64}
)

model = DiffWave(small)
