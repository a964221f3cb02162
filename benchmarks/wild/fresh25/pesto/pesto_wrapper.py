"""The full PESTO module: a Resnet1d encoder and the CQT preprocessor (no weights loaded)."""

from pesto.data import Preprocessor
from pesto.model import PESTO, Resnet1d

encoder = Resnet1d(n_chan_input=1, n_chan_layers=[10, 10, 5, 1], n_bins_in=72, output_dim=48)
model = PESTO(
    encoder,
    crop_kwargs={"min_steps": 0, "max_steps": 72},
    preprocessor=Preprocessor(hop_size=10.0, sampling_rate=16000, harmonics=[0.5, 1, 2], n_bins=72),
)
