"""StyleGAN2 mapping network and a modulated conv layer with equalized learning rate."""

import math

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F


class EqualLinear(nn.Module):
    def __init__(self, in_dim, out_dim, bias=True, bias_init=0.0, lr_mul=1.0, activation=None):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(out_dim, in_dim).div_(lr_mul))
        self.bias = nn.Parameter(torch.full([out_dim], float(bias_init))) if bias else None
        self.scale = (1 / math.sqrt(in_dim)) * lr_mul
        self.lr_mul = lr_mul
        self.activation = activation

    def forward(self, x):
        out = F.linear(
            x, self.weight * self.scale, self.bias * self.lr_mul if self.bias is not None else None
        )
        return F.leaky_relu(out, 0.2) * math.sqrt(2) if self.activation else out


class PixelNorm(nn.Module):
    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(1, keepdim=True) + 1e-8)


class ModulatedConv2d(nn.Module):
    def __init__(self, in_ch, out_ch, kernel, style_dim, demodulate=True):
        super().__init__()
        self.scale = 1 / math.sqrt(in_ch * kernel**2)
        self.weight = nn.Parameter(torch.randn(1, out_ch, in_ch, kernel, kernel))
        self.modulation = EqualLinear(style_dim, in_ch, bias_init=1)
        self.demodulate = demodulate
        self.padding = kernel // 2

    def forward(self, x, style):
        b, c, h, w = x.shape
        s = self.modulation(style).view(b, 1, c, 1, 1)
        weight = self.scale * self.weight * s
        if self.demodulate:
            weight = weight * torch.rsqrt(weight.pow(2).sum([2, 3, 4], keepdim=True) + 1e-8)
        weight = weight.view(-1, c, *weight.shape[-2:])
        out = F.conv2d(x.view(1, b * c, h, w), weight, padding=self.padding, groups=b)
        return out.view(b, -1, h, w)


class StyledLayer(nn.Module):
    def __init__(self, in_ch, out_ch, style_dim):
        super().__init__()
        self.conv = ModulatedConv2d(in_ch, out_ch, 3, style_dim)
        self.noise_strength = nn.Parameter(torch.zeros([]))
        self.bias = nn.Parameter(torch.zeros(1, out_ch, 1, 1))

    def forward(self, x, w):
        x = self.conv(x, w)
        x = x + self.noise_strength * torch.randn_like(x[:, :1])
        return F.leaky_relu(x + self.bias, 0.2) * math.sqrt(2)


class Generator(nn.Module):
    def __init__(self, size=32, style_dim=256, n_mlp=8, channel_multiplier=1, lr_mlp=0.01):
        super().__init__()
        layers = [PixelNorm()]
        for _ in range(n_mlp):
            layers.append(
                EqualLinear(style_dim, style_dim, lr_mul=lr_mlp, activation="fused_lrelu")
            )
        self.style = nn.Sequential(*layers)
        self.channels = {4: 256, 8: 256, 16: 128 * channel_multiplier, 32: 64 * channel_multiplier}
        self.input = nn.Parameter(torch.randn(1, self.channels[4], 4, 4))
        self.log_size = int(np.log2(size))
        self.convs = nn.ModuleList()
        self.to_rgbs = nn.ModuleList()
        in_ch = self.channels[4]
        for i in range(2, self.log_size + 1):
            out_ch = self.channels[2**i]
            self.convs.append(StyledLayer(in_ch, out_ch, style_dim))
            self.convs.append(StyledLayer(out_ch, out_ch, style_dim))
            self.to_rgbs.append(ModulatedConv2d(out_ch, 3, 1, style_dim, demodulate=False))
            in_ch = out_ch

    def forward(self, z):
        w = self.style(z)
        x = self.input.repeat(z.shape[0], 1, 1, 1)
        for i in range(0, len(self.convs), 2):
            if i:
                x = F.interpolate(x, scale_factor=2)
            x = self.convs[i + 1](self.convs[i](x, w), w)
        return self.to_rgbs[-1](x, w)


model = Generator(size=32, style_dim=256, n_mlp=8)
