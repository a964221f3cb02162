"""PoolFormer-S12: MetaFormer blocks with average-pool token mixing and per-channel layer scales."""

import torch
import torch.nn as nn


class PoolFormerBlock(nn.Module):
    def __init__(self, dim, mlp_ratio=4.0, init_value=1e-5):
        super().__init__()
        self.norm1 = nn.GroupNorm(1, dim)
        self.token_mixer = nn.AvgPool2d(3, 1, 1, count_include_pad=False)
        self.norm2 = nn.GroupNorm(1, dim)
        hidden = int(dim * mlp_ratio)
        self.mlp = nn.Sequential(nn.Conv2d(dim, hidden, 1), nn.GELU(), nn.Conv2d(hidden, dim, 1))
        self.layer_scale_1 = nn.Parameter(init_value * torch.ones(dim))
        self.layer_scale_2 = nn.Parameter(init_value * torch.ones(dim))


layers = [2, 2, 6, 2]
dims = [64, 128, 320, 512]
net = []
for i, (n, d) in enumerate(zip(layers, dims)):
    if i == 0:
        net.append(nn.Conv2d(3, d, 7, 4, 2))
    else:
        net.append(nn.Conv2d(dims[i - 1], d, 3, 2, 1))
    net.extend(PoolFormerBlock(d) for _ in range(n))
net += [nn.GroupNorm(1, dims[-1]), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(dims[-1], 1000)]
model = nn.Sequential(*net)
