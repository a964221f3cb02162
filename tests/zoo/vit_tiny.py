"""Zoo: a tiny ViT -- conv patch embedding, cls token and position Parameters, torch's
TransformerEncoder (its layers are deep copies of one TransformerEncoderLayer)."""

import torch
import torch.nn as nn


class ViT(nn.Module):
    def __init__(self, image=32, patch=8, dim=64, depth=3, heads=4, mlp=128, classes=10):
        super().__init__()
        n = (image // patch) ** 2
        self.patch = nn.Conv2d(3, dim, kernel_size=patch, stride=patch)
        self.cls = nn.Parameter(torch.zeros(1, 1, dim))
        self.pos = nn.Parameter(torch.randn(1, n + 1, dim) * 0.02)
        layer = nn.TransformerEncoderLayer(dim, heads, mlp, dropout=0.0, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, depth)
        self.norm = nn.LayerNorm(dim)
        self.head = nn.Linear(dim, classes)

    def forward(self, images):
        x = self.patch(images).flatten(2).transpose(1, 2)  # (B, n, dim)
        cls = self.cls.expand(x.size(0), -1, -1)
        x = torch.cat((cls, x), dim=1) + self.pos
        x = self.encoder(x)
        return self.head(self.norm(x[:, 0]))


ENTRY = "ViT"
CONFIG = None
INPUT = (2, 3, 32, 32)


def build():
    return ViT()
