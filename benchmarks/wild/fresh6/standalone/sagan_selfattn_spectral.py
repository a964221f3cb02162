"""SAGAN discriminator: spectral-normalized convs, a self-attention layer with a learned gamma."""

import torch
import torch.nn as nn
from torch.nn.utils import spectral_norm as SN


class SelfAttn(nn.Module):
    def __init__(self, in_dim):
        super().__init__()
        self.query_conv = nn.Conv2d(in_dim, in_dim // 8, 1)
        self.key_conv = nn.Conv2d(in_dim, in_dim // 8, 1)
        self.value_conv = nn.Conv2d(in_dim, in_dim, 1)
        self.gamma = nn.Parameter(torch.zeros(1))

    def forward(self, x):
        b, c, h, w = x.shape
        q = self.query_conv(x).view(b, -1, h * w).permute(0, 2, 1)
        k = self.key_conv(x).view(b, -1, h * w)
        attn = torch.softmax(torch.bmm(q, k), dim=-1)
        out = torch.bmm(self.value_conv(x).view(b, -1, h * w), attn.permute(0, 2, 1)).view(
            b, c, h, w
        )
        return self.gamma * out + x


class Discriminator(nn.Module):
    def __init__(self, image_size=64, conv_dim=32):
        super().__init__()
        layers, curr = [], conv_dim
        layers += [SN(nn.Conv2d(3, conv_dim, 4, 2, 1)), nn.LeakyReLU(0.1)]
        for _ in range(2):
            layers += [SN(nn.Conv2d(curr, curr * 2, 4, 2, 1)), nn.LeakyReLU(0.1)]
            curr *= 2
        self.l123 = nn.Sequential(*layers)
        self.attn1 = SelfAttn(curr)
        self.l4 = nn.Sequential(SN(nn.Conv2d(curr, curr * 2, 4, 2, 1)), nn.LeakyReLU(0.1))
        self.attn2 = SelfAttn(curr * 2)
        self.last = nn.Conv2d(curr * 2, 1, 4)


model = Discriminator(image_size=64, conv_dim=32)
