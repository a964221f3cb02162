"""A SegFormer (MiT) encoder: overlapping patch embeddings per stage, efficient attention whose keys
come from a strided conv (sequence reduction), a Mix-FFN with a depthwise 3x3 conv."""

import torch.nn as nn
import torch.nn.functional as F

# one row per stage, read column-wise: (width, depth, heads, reduction, patch, stride, mlp ratio)
STAGES = [
    (16, 1, 1, 2, 7, 4, 2),
    (32, 2, 2, 1, 3, 2, 4),
]
WIDTHS, DEPTHS, HEADS, REDUCTIONS, PATCHES, STRIDES, RATIOS = map(list, zip(*STAGES))
CHANNELS = 3
EPS = 1e-5  # HF's SegformerLayer norms are nn.LayerNorm(width): 1e-5, whatever layer_norm_eps says


class OverlapPatchEmbed(nn.Module):
    def __init__(self, cin, cout, patch, stride):
        super().__init__()
        self.proj = nn.Conv2d(cin, cout, patch, stride, patch // 2)
        self.norm = nn.LayerNorm(cout)

    def forward(self, x):
        x = self.proj(x)
        h, w = x.shape[-2:]
        return self.norm(x.flatten(2).transpose(1, 2)), h, w


class EfficientAttention(nn.Module):
    def __init__(self, dim, heads, sr):
        super().__init__()
        self.heads, self.sr = heads, sr
        self.q = nn.Linear(dim, dim)
        self.kv = nn.Linear(dim, 2 * dim)  # keys and values in one projection
        self.proj = nn.Linear(dim, dim)
        if sr > 1:
            self.reduce = nn.Conv2d(dim, dim, sr, sr)
            self.reduce_norm = nn.LayerNorm(dim, eps=1e-5)

    def forward(self, x, h, w):
        b, n, d = x.shape
        q = self.q(x).view(b, n, self.heads, -1).transpose(1, 2)
        src = x
        if self.sr > 1:
            src = self.reduce(x.transpose(1, 2).reshape(b, d, h, w)).flatten(2).transpose(1, 2)
            src = self.reduce_norm(src)
        k, v = self.kv(src).view(b, -1, 2, self.heads, d // self.heads).permute(2, 0, 3, 1, 4)
        o = F.scaled_dot_product_attention(q, k, v)
        return self.proj(o.transpose(1, 2).reshape(b, n, d))


class MixFFN(nn.Module):
    def __init__(self, dim, hidden):
        super().__init__()
        self.fc1 = nn.Linear(dim, hidden)
        self.dw = nn.Conv2d(hidden, hidden, 3, 1, 1, groups=hidden)
        self.fc2 = nn.Linear(hidden, dim)

    def forward(self, x, h, w):
        x = self.fc1(x)
        b, n, c = x.shape
        x = self.dw(x.transpose(1, 2).reshape(b, c, h, w)).flatten(2).transpose(1, 2)
        return self.fc2(F.gelu(x))


class Block(nn.Module):
    def __init__(self, dim, heads, sr, ratio):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim, eps=EPS)
        self.attn = EfficientAttention(dim, heads, sr)
        self.norm2 = nn.LayerNorm(dim, eps=EPS)
        self.ffn = MixFFN(dim, dim * ratio)

    def forward(self, x, h, w):
        x = x + self.attn(self.norm1(x), h, w)
        return x + self.ffn(self.norm2(x), h, w)


class Stage(nn.Module):
    def __init__(self, i):
        super().__init__()
        cin = CHANNELS if i == 0 else WIDTHS[i - 1]
        self.embed = OverlapPatchEmbed(cin, WIDTHS[i], PATCHES[i], STRIDES[i])
        self.blocks = nn.ModuleList(
            Block(WIDTHS[i], HEADS[i], REDUCTIONS[i], RATIOS[i]) for _ in range(DEPTHS[i])
        )
        self.norm = nn.LayerNorm(WIDTHS[i], eps=EPS)

    def forward(self, x):
        x, h, w = self.embed(x)
        for blk in self.blocks:
            x = blk(x, h, w)
        return self.norm(x).transpose(1, 2).reshape(x.shape[0], -1, h, w)


class MixTransformer(nn.Module):
    def __init__(self):
        super().__init__()
        self.stages = nn.ModuleList(Stage(i) for i in range(len(STAGES)))

    def forward(self, pixels):
        x = pixels
        for stage in self.stages:
            x = stage(x)
        return x
