"""A complex ViT: a hand-written complex patch embedder with a learned complex positional table."""

import torch
import torch.nn as nn
import torchcvnn.nn as c_nn


class ComplexPatchEmbed(nn.Module):
    def __init__(self, in_ch, dim, patch, n_patches):
        super().__init__()
        self.proj = nn.Conv2d(in_ch, dim, patch, stride=patch, dtype=torch.complex64)
        self.norm = c_nn.LayerNorm([dim, n_patches, n_patches])
        self.pos = nn.Parameter(torch.zeros(1, dim, n_patches, n_patches, dtype=torch.complex64))

    def forward(self, x):
        return self.norm(self.proj(x)) + self.pos


embed = ComplexPatchEmbed(in_ch=2, dim=48, patch=8, n_patches=4)
model = c_nn.ViT(
    embed, num_layers=3, num_heads=4, embed_dim=48, hidden_dim=96, norm_layer=c_nn.RMSNorm
)
