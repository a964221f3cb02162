"""Linformer as the transformer of a ViT (the vit-pytorch 'efficient' recipe, by hand)."""

import torch
import torch.nn as nn
from einops import repeat
from einops.layers.torch import Rearrange
from linformer import Linformer

IMAGE, PATCH, DIM = 224, 32, 128
num_patches = (IMAGE // PATCH) ** 2


class EfficientViT(nn.Module):
    def __init__(self, transformer, num_classes=2):
        super().__init__()
        self.to_patch = nn.Sequential(
            Rearrange("b c (h p1) (w p2) -> b (h w) (p1 p2 c)", p1=PATCH, p2=PATCH),
            nn.Linear(PATCH * PATCH * 3, DIM),
        )
        self.pos_embedding = nn.Parameter(torch.randn(1, num_patches + 1, DIM))
        self.cls_token = nn.Parameter(torch.randn(1, 1, DIM))
        self.transformer = transformer
        self.mlp_head = nn.Sequential(nn.LayerNorm(DIM), nn.Linear(DIM, num_classes))

    def forward(self, img):
        x = self.to_patch(img)
        cls = repeat(self.cls_token, "1 1 d -> b 1 d", b=x.shape[0])
        x = torch.cat((cls, x), dim=1) + self.pos_embedding
        return self.mlp_head(self.transformer(x)[:, 0])


efficient_transformer = Linformer(dim=DIM, seq_len=num_patches + 1, depth=12, heads=8, k=64)
model = EfficientViT(efficient_transformer, num_classes=2)
