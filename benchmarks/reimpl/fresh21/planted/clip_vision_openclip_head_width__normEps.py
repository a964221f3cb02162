"""A tiny CLIP vision tower in the OpenCLIP style: a ``CLIPVisionCfg`` dataclass where the number
of heads is not written down but derived, ``width // head_width``; the attention is torch's
``nn.MultiheadAttention`` (one fused ``in_proj_weight``); class token and positions as raw
parameters, ``ln_pre`` before the blocks, ``ln_post`` on the pooled class token only."""

from __future__ import annotations

from dataclasses import dataclass

import torch
from torch import nn


@dataclass
class CLIPVisionCfg:
    image_size: int = 32
    patch_size: int = 8
    width: int = 32
    layers: int = 2
    head_width: int = 8
    mlp_ratio: float = 2.0
    ln_eps: float = 0.1


class QuickGELU(nn.Module):
    def forward(self, x):
        return x * torch.sigmoid(1.702 * x)


class ResidualAttentionBlock(nn.Module):
    def __init__(self, width: int, heads: int, mlp_width: int, eps: float) -> None:
        super().__init__()
        self.ln_1 = nn.LayerNorm(width, eps=eps)
        self.attn = nn.MultiheadAttention(width, heads, batch_first=True)
        self.ln_2 = nn.LayerNorm(width, eps=eps)
        self.mlp = nn.Sequential()
        self.mlp.add_module("c_fc", nn.Linear(width, mlp_width))
        self.mlp.add_module("gelu", QuickGELU())
        self.mlp.add_module("c_proj", nn.Linear(mlp_width, width))

    def forward(self, x):
        y = self.ln_1(x)
        x = x + self.attn(y, y, y, need_weights=False)[0]
        return x + self.mlp(self.ln_2(x))


class VisionTransformer(nn.Module):
    def __init__(self, cfg: CLIPVisionCfg | None = None) -> None:
        super().__init__()
        cfg = cfg or CLIPVisionCfg()
        heads = cfg.width // cfg.head_width
        grid = cfg.image_size // cfg.patch_size
        self.conv1 = nn.Conv2d(3, cfg.width, cfg.patch_size, stride=cfg.patch_size, bias=False)
        self.class_embedding = nn.Parameter(torch.randn(cfg.width) * cfg.width**-0.5)
        self.positional_embedding = nn.Parameter(torch.randn(grid * grid + 1, cfg.width) * 0.02)
        self.ln_pre = nn.LayerNorm(cfg.width, eps=cfg.ln_eps)
        mlp_width = int(cfg.width * cfg.mlp_ratio)
        self.resblocks = nn.ModuleList(
            ResidualAttentionBlock(cfg.width, heads, mlp_width, cfg.ln_eps)
            for _ in range(cfg.layers)
        )
        self.ln_post = nn.LayerNorm(cfg.width, eps=cfg.ln_eps)

    def forward(self, pixels):
        x = self.conv1(pixels).flatten(2).transpose(1, 2)
        cls = self.class_embedding.expand(x.shape[0], 1, -1)
        x = torch.cat([cls, x], 1) + self.positional_embedding
        x = self.ln_pre(x)
        for block in self.resblocks:
            x = block(x)
        return x, self.ln_post(x[:, 0])
