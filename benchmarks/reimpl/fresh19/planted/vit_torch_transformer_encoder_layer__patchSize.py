"""ViT built on torch's own nn.TransformerEncoder (pre-norm layers, fused in_proj weights)."""

import torch
from torch import nn

IMG, PATCH, DIM, HEADS, MLP_DIM, DEPTH = 32, 16, 64, 4, 128, 2


class ViT(nn.Module):
    def __init__(self):
        super().__init__()
        n = (IMG // PATCH) ** 2
        self.to_patches = nn.Conv2d(3, DIM, PATCH, stride=PATCH)
        self.cls = nn.Parameter(torch.zeros(1, 1, DIM))
        self.pos = nn.Parameter(torch.zeros(1, n + 1, DIM))
        layer = nn.TransformerEncoderLayer(
            DIM,
            HEADS,
            MLP_DIM,
            dropout=0.0,
            activation="gelu",
            layer_norm_eps=1e-12,
            batch_first=True,
            norm_first=True,
        )
        self.encoder = nn.TransformerEncoder(layer, DEPTH, enable_nested_tensor=False)
        self.norm = nn.LayerNorm(DIM, eps=1e-12)
        self.pool = nn.Linear(DIM, DIM)

    def forward(self, pixels):
        x = self.to_patches(pixels).flatten(2).transpose(1, 2)
        x = torch.cat([self.cls.expand(x.shape[0], -1, -1), x], 1) + self.pos
        x = self.norm(self.encoder(x))
        return x, torch.tanh(self.pool(x[:, 0]))
