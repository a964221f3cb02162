"""DeiT (a class token and a distillation token, positions for both): a generic ViT base class
reads its sizes from class attributes and the tiny run is a subclass overriding some of them."""

import torch
from torch import nn


class DeiTBase(nn.Module):
    image = 224
    patch = 16
    width = 192
    heads = 3
    mlp = 768
    depth = 12

    def __init__(self):
        super().__init__()
        n = (self.image // self.patch) ** 2
        self.patch_embeddings = nn.Conv2d(3, self.width, self.patch, self.patch)
        self.cls_token = nn.Parameter(torch.zeros(1, 1, self.width))
        self.distillation_token = nn.Parameter(torch.zeros(1, 1, self.width))
        self.position_embeddings = nn.Parameter(torch.zeros(1, n + 2, self.width))
        self.layers = nn.ModuleList(
            nn.TransformerEncoderLayer(
                self.width,
                self.heads,
                self.mlp,
                dropout=0.0,
                activation="gelu",
                layer_norm_eps=1e-12,
                batch_first=True,
                norm_first=True,
            )
            for _ in range(self.depth)
        )
        self.layernorm = nn.LayerNorm(self.width, eps=1e-12)
        self.pooler = nn.Linear(self.width, self.width)

    def forward(self, pixels):
        x = self.patch_embeddings(pixels).flatten(2).transpose(1, 2)
        b = x.shape[0]
        tokens = [self.cls_token.expand(b, -1, -1), self.distillation_token.expand(b, -1, -1)]
        x = torch.cat([*tokens, x], 1) + self.position_embeddings
        for layer in self.layers:
            x = layer(x)
        x = self.layernorm(x)
        return x, torch.tanh(self.pooler(x[:, 0]))


class DeiTTiny(DeiTBase):
    image = 32
    patch = 16
    width = 64
    heads = 4
    mlp = 160
    depth = 2
