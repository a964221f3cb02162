"""PVT v2 (two stages): overlapping patch embeddings, spatial-reduction attention, a depthwise
conv inside the MLP. Stage widths are consecutive pairs
(in, out) of one width tuple (itertools.pairwise)."""

from itertools import pairwise

from torch import nn

WIDTHS = (3, 16, 32)  # input channels, then each stage's width
DEPTHS = (1, 2)
HEADS = (1, 2)
SR_RATIOS = (2, 1)
PATCHES = (7, 3)
STRIDES = (4, 2)
MLP_RATIOS = (4, 4)
IMAGE = 32


class SRAttention(nn.Module):
    def __init__(self, c, heads, sr):
        super().__init__()
        self.heads = heads
        self.query, self.key, self.value, self.proj = (nn.Linear(c, c) for _ in range(4))
        self.sr = nn.Conv2d(c, c, sr, sr) if sr > 1 else None
        self.sr_norm = nn.LayerNorm(c, eps=1e-6) if sr > 1 else None

    def forward(self, x, h, w):
        b, n, c = x.shape
        kv = x
        if self.sr is not None:
            kv = self.sr(x.transpose(1, 2).reshape(b, c, h, w)).flatten(2).transpose(1, 2)
            kv = self.sr_norm(kv)
        hd = c // self.heads
        q = self.query(x).view(b, n, self.heads, hd).transpose(1, 2)
        k = self.key(kv).view(b, -1, self.heads, hd).transpose(1, 2)
        v = self.value(kv).view(b, -1, self.heads, hd).transpose(1, 2)
        o = nn.functional.scaled_dot_product_attention(q, k, v)
        return self.proj(o.transpose(1, 2).reshape(b, n, c))


class Block(nn.Module):
    def __init__(self, c, heads, sr, mlp):
        super().__init__()
        self.norm1, self.norm2 = nn.LayerNorm(c, eps=1e-6), nn.LayerNorm(c, eps=1e-6)
        self.attn = SRAttention(c, heads, sr)
        self.fc1, self.fc2 = nn.Linear(c, mlp * c), nn.Linear(mlp * c, c)
        self.dw = nn.Conv2d(mlp * c, mlp * c, 3, padding=1, groups=mlp * c)

    def forward(self, x, h, w):
        x = x + self.attn(self.norm1(x), h, w)
        y = self.fc1(self.norm2(x))
        b, n, c = y.shape
        y = self.dw(y.transpose(1, 2).reshape(b, c, h, w)).flatten(2).transpose(1, 2)
        return x + self.fc2(nn.functional.gelu(y))


class PVTv2(nn.Module):
    def __init__(self):
        super().__init__()
        self.embeds, self.embed_norms = nn.ModuleList(), nn.ModuleList()
        self.stages, self.norms = nn.ModuleList(), nn.ModuleList()
        rows = zip(pairwise(WIDTHS), DEPTHS, HEADS, SR_RATIOS, PATCHES, STRIDES, MLP_RATIOS)
        for (c_in, c), depth, heads, sr, patch, stride, mlp in rows:
            self.embeds.append(nn.Conv2d(c_in, c, patch, stride, patch // 2))
            self.embed_norms.append(nn.LayerNorm(c, eps=1e-6))
            self.stages.append(nn.ModuleList(Block(c, heads, sr, mlp) for _ in range(depth)))
            self.norms.append(nn.LayerNorm(c, eps=1e-6))

    def forward(self, pixels):
        x = pixels
        for embed, en, blocks, norm in zip(self.embeds, self.embed_norms, self.stages, self.norms):
            x = embed(x)
            b, c, h, w = x.shape
            x = en(x.flatten(2).transpose(1, 2))
            for blk in blocks:
                x = blk(x, h, w)
            x = norm(x).transpose(1, 2).reshape(b, c, h, w)
        return x
