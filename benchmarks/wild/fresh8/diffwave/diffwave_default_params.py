"""DiffWave vocoder with the library's default hyper-parameters."""

from diffwave.model import DiffWave
from diffwave.params import params

model = DiffWave(params)
