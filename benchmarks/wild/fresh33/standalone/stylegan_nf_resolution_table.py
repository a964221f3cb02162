"""StyleGAN's mapping and synthesis networks: channel counts per resolution from nf(stage) = min(int(fmap_base / 2 ** (stage * fmap_decay)), fmap_max)."""

import math

import numpy as np
import torch
from torch import nn


class EqualLinear(nn.Module):
    def __init__(self, in_dim, out_dim, lr_mul=1.0):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(out_dim, in_dim) / lr_mul)
        self.bias = nn.Parameter(torch.zeros(out_dim))
        self.scale = (1 / math.sqrt(in_dim)) * lr_mul


class StyledConv(nn.Module):
    def __init__(self, in_ch, out_ch, k, style_dim):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(1, out_ch, in_ch, k, k))
        self.modulation = EqualLinear(style_dim, in_ch)
        self.noise_weight = nn.Parameter(torch.zeros(1))
        self.bias = nn.Parameter(torch.zeros(1, out_ch, 1, 1))


class ToRGB(nn.Module):
    def __init__(self, in_ch, style_dim):
        super().__init__()
        self.conv = StyledConv(in_ch, 3, 1, style_dim)


class StyleGAN(nn.Module):
    def __init__(
        self, resolution=64, style_dim=128, n_mlp=4, fmap_base=2048, fmap_decay=1.0, fmap_max=128
    ):
        super().__init__()

        def nf(stage):
            return min(int(fmap_base / (2.0 ** (stage * fmap_decay))), fmap_max)

        self.mapping = nn.Sequential(
            *[EqualLinear(style_dim, style_dim, lr_mul=0.01) for _ in range(n_mlp)]
        )
        log_res = int(np.log2(resolution))
        self.const = nn.Parameter(torch.randn(1, nf(1), 4, 4))
        self.conv1 = StyledConv(nf(1), nf(1), 3, style_dim)
        self.to_rgb1 = ToRGB(nf(1), style_dim)
        self.convs, self.to_rgbs = nn.ModuleList(), nn.ModuleList()
        for res in range(3, log_res + 1):
            self.convs.append(StyledConv(nf(res - 2), nf(res - 1), 3, style_dim))
            self.convs.append(StyledConv(nf(res - 1), nf(res - 1), 3, style_dim))
            self.to_rgbs.append(ToRGB(nf(res - 1), style_dim))


model = StyleGAN(resolution=64, style_dim=64, n_mlp=3, fmap_base=1024, fmap_max=96)
