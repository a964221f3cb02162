"""Conv-TasNet by hand: learned encoder/decoder, TCN separator with dilated depthwise convs and gLN."""

import torch
import torch.nn as nn


class GlobalLayerNorm(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.gamma = nn.Parameter(torch.ones(1, channels, 1))
        self.beta = nn.Parameter(torch.zeros(1, channels, 1))

    def forward(self, x):
        mean = x.mean(dim=(1, 2), keepdim=True)
        var = ((x - mean) ** 2).mean(dim=(1, 2), keepdim=True)
        return self.gamma * (x - mean) / (var + 1e-8).sqrt() + self.beta


class Conv1DBlock(nn.Module):
    def __init__(self, B, H, P, dilation, Sc):
        super().__init__()
        self.conv1x1 = nn.Conv1d(B, H, 1)
        self.prelu1 = nn.PReLU()
        self.norm1 = GlobalLayerNorm(H)
        self.dconv = nn.Conv1d(
            H, H, P, padding=dilation * (P - 1) // 2, dilation=dilation, groups=H
        )
        self.prelu2 = nn.PReLU()
        self.norm2 = GlobalLayerNorm(H)
        self.res_out = nn.Conv1d(H, B, 1)
        self.skip_out = nn.Conv1d(H, Sc, 1)

    def forward(self, x):
        y = self.norm2(self.prelu2(self.dconv(self.norm1(self.prelu1(self.conv1x1(x))))))
        return x + self.res_out(y), self.skip_out(y)


class ConvTasNet(nn.Module):
    def __init__(self, N=64, L=16, B=32, Sc=32, H=64, P=3, X=4, R=2, C=2):
        super().__init__()
        self.C, self.N = C, N
        self.encoder = nn.Conv1d(1, N, L, stride=L // 2, bias=False)
        self.ln = GlobalLayerNorm(N)
        self.bottleneck = nn.Conv1d(N, B, 1)
        self.blocks = nn.ModuleList(
            Conv1DBlock(B, H, P, 2**x, Sc) for _ in range(R) for x in range(X)
        )
        self.mask_prelu = nn.PReLU()
        self.mask_conv = nn.Conv1d(Sc, C * N, 1)
        self.decoder = nn.ConvTranspose1d(N, 1, L, stride=L // 2, bias=False)

    def forward(self, wav):
        w = torch.relu(self.encoder(wav))
        x, skip = self.bottleneck(self.ln(w)), 0
        for blk in self.blocks:
            x, s = blk(x)
            skip = skip + s
        masks = torch.sigmoid(self.mask_conv(self.mask_prelu(skip))).view(
            wav.shape[0], self.C, self.N, -1
        )
        return torch.stack([self.decoder(w * masks[:, c]) for c in range(self.C)], 1)


model = ConvTasNet(N=64, L=16, B=32, Sc=32, H=64, P=3, X=4, R=2, C=2)
