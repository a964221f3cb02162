"""MetaFormer (CAFormer-like) stages whose token mixers and norms are functools.partial factories."""

from functools import partial

import torch
from torch import nn


class SepConvMixer(nn.Module):
    def __init__(self, dim, expansion=2, kernel_size=7):
        super().__init__()
        med = int(expansion * dim)
        self.pw1 = nn.Linear(dim, med)
        self.dw = nn.Conv2d(med, med, kernel_size, padding=kernel_size // 2, groups=med)
        self.pw2 = nn.Linear(med, dim)


class AttnMixer(nn.Module):
    def __init__(self, dim, head_dim=32):
        super().__init__()
        self.qkv = nn.Linear(dim, dim * 3, bias=False)
        self.proj = nn.Linear(dim, dim)


class Scale(nn.Module):
    def __init__(self, dim, init=1.0):
        super().__init__()
        self.scale = nn.Parameter(init * torch.ones(dim))


class MetaFormerBlock(nn.Module):
    def __init__(self, dim, token_mixer, norm_layer, res_scale_init=None):
        super().__init__()
        self.norm1 = norm_layer(dim)
        self.token_mixer = token_mixer(dim=dim)
        self.res_scale1 = Scale(dim, res_scale_init) if res_scale_init else nn.Identity()
        self.norm2 = norm_layer(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))
        self.res_scale2 = Scale(dim, res_scale_init) if res_scale_init else nn.Identity()


LayerNormNoBias = partial(nn.LayerNorm, eps=1e-6, bias=False)
DEPTHS = [2, 2, 4, 2]
DIMS = [32, 64, 128, 256]
MIXERS = [
    partial(SepConvMixer, kernel_size=7),
    SepConvMixer,
    AttnMixer,
    partial(AttnMixer, head_dim=64),
]

stages = []
for i, (d, n, mixer) in enumerate(zip(DEPTHS, DIMS, MIXERS)):
    downsample = nn.Conv2d(
        3 if i == 0 else DIMS[i - 1],
        n,
        7 if i == 0 else 3,
        stride=4 if i == 0 else 2,
        padding=2 if i == 0 else 1,
    )
    blocks = [
        MetaFormerBlock(n, mixer, LayerNormNoBias, res_scale_init=1.0 if i >= 2 else None)
        for _ in range(d)
    ]
    stages.append(nn.Sequential(downsample, *blocks))
model = nn.Sequential(
    *stages, nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.LayerNorm(DIMS[-1]), nn.Linear(DIMS[-1], 100)
)
