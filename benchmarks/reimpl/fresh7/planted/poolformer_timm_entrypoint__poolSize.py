"""PoolFormer (MetaFormer with average pooling as the token mixer): a strided patch-embedding
conv per stage, GroupNorm(1) before the mixer and before the 1x1-conv MLP, LayerScale on both
branches. Written the timm way: ``@register_model`` entrypoint functions building
``model_args`` dicts and passing them to ``_create_poolformer``; the default model class
calls the ``poolformer_tiny`` entrypoint's arguments."""

import torch
import torch.nn.functional as F
from torch import nn

_model_entrypoints = {}


def register_model(fn):
    _model_entrypoints[fn.__name__] = fn
    return fn


@register_model
def poolformer_s12(**kwargs):
    return dict(layers=(2, 2, 6, 2), embed_dims=(64, 128, 320, 512), mlp_ratios=4.0, **kwargs)


@register_model
def poolformer_tiny(**kwargs):
    return dict(layers=(1, 1, 2, 1), embed_dims=(16, 32, 48, 64), mlp_ratios=2.0, **kwargs)


class Pooling(nn.Module):
    def __init__(self, pool_size=3):
        super().__init__()
        self.pool = nn.AvgPool2d(
            pool_size, stride=1, padding=pool_size // 2, count_include_pad=False
        )

    def forward(self, x):
        return self.pool(x) - x


class PoolFormerBlock(nn.Module):
    def __init__(self, dim, mlp_ratio, pool_size, layer_scale_init_value):
        super().__init__()
        hidden = int(dim * mlp_ratio)
        self.norm1 = nn.GroupNorm(1, dim)
        self.token_mixer = Pooling(pool_size)
        self.norm2 = nn.GroupNorm(1, dim)
        self.fc1 = nn.Conv2d(dim, hidden, 1)
        self.fc2 = nn.Conv2d(hidden, dim, 1)
        self.layer_scale_1 = nn.Parameter(layer_scale_init_value * torch.ones(dim))
        self.layer_scale_2 = nn.Parameter(layer_scale_init_value * torch.ones(dim))

    def forward(self, x):
        x = x + self.layer_scale_1[:, None, None] * self.token_mixer(self.norm1(x))
        return x + self.layer_scale_2[:, None, None] * self.fc2(F.gelu(self.fc1(self.norm2(x))))


class PoolFormer(nn.Module):
    def __init__(
        self,
        layers,
        embed_dims,
        mlp_ratios,
        pool_size=3,
        in_patch_size=7,
        in_stride=4,
        in_pad=2,
        down_patch_size=3,
        down_stride=2,
        down_pad=1,
        layer_scale_init_value=1e-5,
    ):
        super().__init__()
        self.stems = nn.ModuleList()
        self.stages = nn.ModuleList()
        in_ch = 3
        for i, (depth, dim) in enumerate(zip(layers, embed_dims)):
            k, s, p = (
                (in_patch_size, in_stride, in_pad)
                if i == 0
                else (down_patch_size, down_stride, down_pad)
            )
            self.stems.append(nn.Conv2d(in_ch, dim, k, stride=s, padding=p))
            self.stages.append(
                nn.Sequential(
                    *[
                        PoolFormerBlock(dim, mlp_ratios, pool_size, layer_scale_init_value)
                        for _ in range(depth)
                    ]
                )
            )
            in_ch = dim

    def forward(self, x):
        for stem, stage in zip(self.stems, self.stages):
            x = stage(stem(x))
        return x


def _create_poolformer(variant, **kwargs):
    return _model_entrypoints[variant](**kwargs)


class PoolFormerTiny(PoolFormer):
    def __init__(self):
        super().__init__(**_create_poolformer("poolformer_tiny", pool_size=5))
