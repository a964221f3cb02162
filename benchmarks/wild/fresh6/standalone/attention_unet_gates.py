"""Attention U-Net: additive attention gates filter each skip connection before concatenation."""

import torch
import torch.nn as nn


class ConvBlock(nn.Sequential):
    def __init__(self, cin, cout):
        super().__init__(
            nn.Conv2d(cin, cout, 3, padding=1, bias=True),
            nn.BatchNorm2d(cout),
            nn.ReLU(inplace=True),
            nn.Conv2d(cout, cout, 3, padding=1, bias=True),
            nn.BatchNorm2d(cout),
            nn.ReLU(inplace=True),
        )


class UpConv(nn.Sequential):
    def __init__(self, cin, cout):
        super().__init__(
            nn.Upsample(scale_factor=2),
            nn.Conv2d(cin, cout, 3, padding=1),
            nn.BatchNorm2d(cout),
            nn.ReLU(inplace=True),
        )


class AttentionGate(nn.Module):
    def __init__(self, F_g, F_l, F_int):
        super().__init__()
        self.W_g = nn.Sequential(nn.Conv2d(F_g, F_int, 1), nn.BatchNorm2d(F_int))
        self.W_x = nn.Sequential(nn.Conv2d(F_l, F_int, 1), nn.BatchNorm2d(F_int))
        self.psi = nn.Sequential(nn.Conv2d(F_int, 1, 1), nn.BatchNorm2d(1), nn.Sigmoid())

    def forward(self, g, x):
        return x * self.psi(torch.relu(self.W_g(g) + self.W_x(x)))


class AttU_Net(nn.Module):
    def __init__(self, img_ch=1, output_ch=2, filters=(16, 32, 64, 128)):
        super().__init__()
        self.pool = nn.MaxPool2d(2)
        self.encoders = nn.ModuleList()
        ch = img_ch
        for f in filters:
            self.encoders.append(ConvBlock(ch, f))
            ch = f
        self.ups, self.gates, self.decoders = nn.ModuleList(), nn.ModuleList(), nn.ModuleList()
        for hi, lo in zip(filters[::-1][:-1], filters[::-1][1:]):
            self.ups.append(UpConv(hi, lo))
            self.gates.append(AttentionGate(F_g=lo, F_l=lo, F_int=lo // 2))
            self.decoders.append(ConvBlock(2 * lo, lo))
        self.final = nn.Conv2d(filters[0], output_ch, 1)

    def forward(self, x):
        skips = []
        for i, enc in enumerate(self.encoders):
            x = enc(x if i == 0 else self.pool(x))
            skips.append(x)
        for up, gate, dec, skip in zip(self.ups, self.gates, self.decoders, skips[-2::-1]):
            d = up(x)
            x = dec(torch.cat([gate(d, skip), d], dim=1))
        return self.final(x)


model = AttU_Net(img_ch=1, output_ch=2, filters=(16, 32, 64, 128))
