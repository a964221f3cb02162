from functools import partial

import torch
from torch import nn

Linear = partial(nn.Linear, bias=True)
LayerNorm = partial(nn.LayerNorm, eps=1e-5)
DepthwiseConv = partial(nn.Conv1d, padding="same", bias=False)


class FeedForwardModule(nn.Module):
    def __init__(self, dim, expansion=4, dropout=0.1):
        super().__init__()
        self.net = nn.Sequential(
            LayerNorm(dim), Linear(dim, dim * expansion), nn.SiLU(), nn.Dropout(dropout),
            Linear(dim * expansion, dim), nn.Dropout(dropout),
        )

    def forward(self, x):
        return self.net(x)


class ConvModule(nn.Module):
    def __init__(self, dim, kernel_size=31, expansion=2):
        super().__init__()
        inner = dim * expansion
        self.norm = LayerNorm(dim)
        self.pw1 = nn.Conv1d(dim, inner * 2, 1)
        self.glu = nn.GLU(dim=1)
        self.dw = DepthwiseConv(inner, inner, kernel_size, groups=inner)
        self.bn = nn.BatchNorm1d(inner)
        self.act = nn.SiLU()
        self.pw2 = nn.Conv1d(inner, dim, 1)

    def forward(self, x):
        x = self.norm(x).transpose(1, 2)
        x = self.act(self.bn(self.dw(self.glu(self.pw1(x)))))
        return self.pw2(x).transpose(1, 2)


class ConformerBlock(nn.Module):
    def __init__(self, dim, heads, kernel_size):
        super().__init__()
        self.ff1 = FeedForwardModule(dim)
        self.attn_norm = LayerNorm(dim)
        self.attn = nn.MultiheadAttention(dim, heads, dropout=0.1, batch_first=True)
        self.conv = ConvModule(dim, kernel_size)
        self.ff2 = FeedForwardModule(dim)
        self.final_norm = LayerNorm(dim)

    def forward(self, x):
        x = x + 0.5 * self.ff1(x)
        h = self.attn_norm(x)
        x = x + self.attn(h, h, h, need_weights=False)[0]
        x = x + self.conv(x)
        x = x + 0.5 * self.ff2(x)
        return self.final_norm(x)


class ConformerEncoder(nn.Module):
    def __init__(self, n_mels=80, dim=144, depth=4, heads=4, kernel_size=15, vocab=128):
        super().__init__()
        self.subsample = nn.Sequential(
            nn.Conv2d(1, dim, 3, 2), nn.ReLU(), nn.Conv2d(dim, dim, 3, 2), nn.ReLU()
        )
        freq = ((n_mels - 1) // 2 - 1) // 2
        self.proj = Linear(dim * freq, dim)
        self.blocks = nn.ModuleList(ConformerBlock(dim, heads, kernel_size) for _ in range(depth))
        self.ctc = Linear(dim, vocab)

    def forward(self, mels):
        x = self.subsample(mels.unsqueeze(1))
        b, c, t, f = x.shape
        x = self.proj(x.permute(0, 2, 1, 3).reshape(b, t, c * f))
        for blk in self.blocks:
            x = blk(x)
        return self.ctc(x).log_softmax(-1)


model = ConformerEncoder(dim=144, depth=4, heads=4)
