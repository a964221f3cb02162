"""Three Morlet-wavelet KAN layers 12 -> 24 -> 24 -> 2 with 6 wavelets each."""

import torch.nn as nn
from torch_wavelet_kan import WaveletKANLayer

model = nn.Sequential(
    *[WaveletKANLayer(a, b, num_wavelets=6) for a, b in [(12, 24), (24, 24), (24, 2)]]
)
