"""Mimi's SEANet encoder and decoder (small: 8 filters, ratios 4-2), kept in one module."""

import torch.nn as nn
from moshi.modules.seanet import SEANetDecoder, SEANetEncoder

seanet = dict(
    channels=1,
    dimension=32,
    n_filters=8,
    n_residual_layers=1,
    ratios=[4, 2],
    causal=True,
    compress=2,
)


class AutoEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = SEANetEncoder(**seanet)
        self.decoder = SEANetDecoder(**seanet)


model = AutoEncoder()
