"""Karras-style (power function) EMA of a transformer encoder, as in EDM2 training scripts."""

import torch.nn as nn
from ema_pytorch import KarrasEMA


class Encoder(nn.Module):
    def __init__(self, dim=96, depth=2, heads=4, num_classes=5):
        super().__init__()
        layer = nn.TransformerEncoderLayer(dim, heads, dim_feedforward=dim * 2, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, num_layers=depth)
        self.cls = nn.Linear(dim, num_classes)

    def forward(self, x):
        return self.cls(self.encoder(x).mean(1))


online = Encoder(dim=96, depth=2, heads=4, num_classes=5)
model = KarrasEMA(online, sigma_rel=0.05, update_every=1)
