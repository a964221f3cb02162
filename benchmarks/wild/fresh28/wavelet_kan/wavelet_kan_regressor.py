"""A linear embedding, one wavelet-KAN layer with 3 wavelets, a dropout and a linear regressor."""

import torch.nn as nn
from torch_wavelet_kan import WaveletKANLayer


class Regressor(nn.Module):
    def __init__(self, d_in, d_hidden):
        super().__init__()
        self.embed = nn.Linear(d_in, d_hidden)
        self.kan = WaveletKANLayer(in_features=d_hidden, out_features=d_hidden, num_wavelets=3)
        self.drop = nn.Dropout(0.1)
        self.out = nn.Linear(d_hidden, 1)


model = Regressor(d_in=7, d_hidden=18)
