"""WaveGrad vocoder with the package's parameters (the architecture is fixed; params set the
noise schedule)."""

from wavegrad.model import WaveGrad
from wavegrad.params import params

model = WaveGrad(params)
