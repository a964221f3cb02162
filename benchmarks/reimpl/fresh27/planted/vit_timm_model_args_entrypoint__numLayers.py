"""A tiny ViT in timm's style: model entry points (``vit_base_patch16_224`` and the tiny test
one) each build a ``model_args`` dict and call ``_create_vision_transformer(variant,
**dict(model_args, **kwargs))``, whose keyword defaults are ViT-B/16's; the MLP is
``int(embed_dim * mlp_ratio)`` wide and the norms' eps is the ``norm_eps`` keyword. Patch
convolution, class token, learned positions, pre-LayerNorm ``nn.TransformerEncoderLayer`` blocks
(GELU), a pooled (tanh) class-token output."""

from __future__ import annotations

import torch
from torch import nn


def _create_vision_transformer(
    variant: str,
    img_size: int = 224,
    patch_size: int = 16,
    embed_dim: int = 768,
    depth: int = 12,
    num_heads: int = 12,
    mlp_ratio: float = 4.0,
    norm_eps: float = 1e-6,
    **kwargs,
) -> dict:
    return dict(
        variant=variant,
        img_size=img_size,
        patch_size=patch_size,
        embed_dim=embed_dim,
        depth=depth,
        num_heads=num_heads,
        mlp_ratio=mlp_ratio,
        norm_eps=norm_eps,
        **kwargs,
    )


def vit_base_patch16_224(**kwargs) -> dict:
    model_args = dict(patch_size=16, embed_dim=768, depth=12, num_heads=12)
    return _create_vision_transformer("vit_base_patch16_224", **dict(model_args, **kwargs))


def vit_test_tiny(**kwargs) -> dict:
    model_args = dict(
        img_size=32,
        patch_size=8,
        embed_dim=32,
        depth=3,
        num_heads=4,
        mlp_ratio=2.0,
        norm_eps=1e-12,
    )
    return _create_vision_transformer("vit_test_tiny", **dict(model_args, **kwargs))


S = vit_test_tiny()
IMAGE, PATCH, WIDTH, HEADS = S["img_size"], S["patch_size"], S["embed_dim"], S["num_heads"]
MLP, DEPTH, EPS = int(WIDTH * S["mlp_ratio"]), S["depth"], S["norm_eps"]


class PatchStem(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.proj = nn.Conv2d(3, WIDTH, PATCH, stride=PATCH)
        self.cls = nn.Parameter(torch.zeros(1, 1, WIDTH))
        self.pos = nn.Parameter(torch.zeros(1, (IMAGE // PATCH) ** 2 + 1, WIDTH))

    def forward(self, pixels):
        x = self.proj(pixels).flatten(2).transpose(1, 2)
        x = torch.cat([self.cls.expand(x.shape[0], -1, -1), x], 1)
        return x + self.pos


class VisionTransformer(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.stem = PatchStem()
        layer = nn.TransformerEncoderLayer(
            WIDTH,
            HEADS,
            MLP,
            dropout=0.0,
            activation="gelu",
            layer_norm_eps=EPS,
            batch_first=True,
            norm_first=True,
        )
        self.encoder = nn.TransformerEncoder(layer, DEPTH, enable_nested_tensor=False)
        self.norm = nn.LayerNorm(WIDTH, eps=EPS)
        self.pool = nn.Linear(WIDTH, WIDTH)

    def forward(self, pixels):
        x = self.norm(self.encoder(self.stem(pixels)))
        return x, torch.tanh(self.pool(x[:, 0]))
