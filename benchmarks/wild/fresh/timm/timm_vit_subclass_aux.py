"""timm: a VisionTransformer subclass with an auxiliary head (fresh batch, benchmarks/wild/fresh)."""

import torch.nn as nn
from timm.models.vision_transformer import VisionTransformer


class ViTWithAux(VisionTransformer):
    def __init__(self, num_aux=3, **kwargs):
        super().__init__(**kwargs)
        self.aux_head = nn.Sequential(nn.LayerNorm(self.embed_dim), nn.Linear(self.embed_dim, num_aux))


model = ViTWithAux(
    num_aux=4,
    img_size=48,
    patch_size=8,
    embed_dim=96,
    depth=3,
    num_heads=3,
    mlp_ratio=2.0,
    qkv_bias=False,
    class_token=True,
    num_classes=10,
)
