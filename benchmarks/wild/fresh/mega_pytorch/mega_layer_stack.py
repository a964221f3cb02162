"""mega_pytorch: MegaLayers stacked by the user with norms between them (fresh batch, benchmarks/wild/fresh)."""

import torch.nn as nn
from mega_pytorch import MegaLayer

layers = []
for _ in range(3):
    layers += [MegaLayer(dim=64, ema_heads=4, attn_dim_qk=16, attn_dim_value=64, causal=False), nn.LayerNorm(64)]
model = nn.Sequential(*layers)
