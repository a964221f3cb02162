"""StyleGAN2 synthesis by hand: modulated convolutions whose style affine maps w to per-input-
channel scales, per-layer noise strengths (scalar parameters), ToRGB layers, a learned constant."""

import torch
import torch.nn as nn


class EqualLinear(nn.Module):
    def __init__(self, d_in, d_out, bias_init=0.0, lr_mul=1.0):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(d_out, d_in) / lr_mul)
        self.bias = nn.Parameter(torch.full((d_out,), float(bias_init)))


class ModulatedConv(nn.Module):
    def __init__(self, cin, cout, k, style_dim, demodulate=True):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(1, cout, cin, k, k))
        self.modulation = EqualLinear(style_dim, cin, bias_init=1.0)
        self.demodulate = demodulate


class StyledConv(nn.Module):
    def __init__(self, cin, cout, style_dim):
        super().__init__()
        self.conv = ModulatedConv(cin, cout, 3, style_dim)
        self.noise_strength = nn.Parameter(torch.zeros(()))
        self.bias = nn.Parameter(torch.zeros(1, cout, 1, 1))


class ToRGB(nn.Module):
    def __init__(self, cin, style_dim):
        super().__init__()
        self.conv = ModulatedConv(cin, 3, 1, style_dim, demodulate=False)
        self.bias = nn.Parameter(torch.zeros(1, 3, 1, 1))


class Generator(nn.Module):
    def __init__(self, size=64, style_dim=256, n_mlp=4, channel_multiplier=1):
        super().__init__()
        ch = {4: 256, 8: 256, 16: 256, 32: 128 * channel_multiplier, 64: 64 * channel_multiplier}
        self.style = nn.Sequential(
            *[EqualLinear(style_dim, style_dim, lr_mul=0.01) for _ in range(n_mlp)]
        )
        self.input = nn.Parameter(torch.randn(1, ch[4], 4, 4))
        self.conv1 = StyledConv(ch[4], ch[4], style_dim)
        self.to_rgb1 = ToRGB(ch[4], style_dim)
        self.convs, self.to_rgbs = nn.ModuleList(), nn.ModuleList()
        res, cin = 8, ch[4]
        while res <= size:
            self.convs.append(StyledConv(cin, ch[res], style_dim))
            self.convs.append(StyledConv(ch[res], ch[res], style_dim))
            self.to_rgbs.append(ToRGB(ch[res], style_dim))
            cin, res = ch[res], res * 2


model = Generator()
