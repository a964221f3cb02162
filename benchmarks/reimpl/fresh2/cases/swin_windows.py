"""Swin: window attention with a learned relative position bias table indexed by a
precomputed buffer, shifted windows on odd blocks, patch merging (2x2 neighbours concatenated
then reduced) between stages; stages as a list of (depth, heads) pairs, constants up top."""

import torch
import torch.nn as nn
import torch.nn.functional as F

IMG, PATCH, IN_CH = 32, 2, 3
EMBED = 16
STAGES = [(2, 2), (2, 4)]
WINDOW = 4
MLP_RATIO = 2.0
EPS = 1e-5


def window_partition(x, w):
    b, h, ww, c = x.shape
    x = x.view(b, h // w, w, ww // w, w, c).permute(0, 1, 3, 2, 4, 5)
    return x.reshape(-1, w * w, c)


def window_reverse(x, w, h, ww):
    b = x.shape[0] // ((h // w) * (ww // w))
    x = x.view(b, h // w, ww // w, w, w, -1).permute(0, 1, 3, 2, 4, 5)
    return x.reshape(b, h, ww, -1)


class WindowAttention(nn.Module):
    def __init__(self, dim, heads, w):
        super().__init__()
        self.heads, self.w = heads, w
        self.bias_table = nn.Parameter(torch.zeros((2 * w - 1) ** 2, heads))
        c = torch.stack(torch.meshgrid(torch.arange(w), torch.arange(w), indexing="ij")).flatten(1)
        rel = (c[:, :, None] - c[:, None, :]).permute(1, 2, 0) + (w - 1)
        self.register_buffer("index", rel[..., 0] * (2 * w - 1) + rel[..., 1], persistent=False)
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        n, t, c = x.shape
        q, k, v = self.qkv(x).view(n, t, 3, self.heads, -1).permute(2, 0, 3, 1, 4)
        bias = self.bias_table[self.index.view(-1)].view(t, t, -1).permute(2, 0, 1)
        y = F.scaled_dot_product_attention(q, k, v, attn_mask=bias[None])
        return self.proj(y.transpose(1, 2).reshape(n, t, c))


class SwinBlock(nn.Module):
    def __init__(self, dim, heads, shift):
        super().__init__()
        self.shift = shift
        self.norm1 = nn.LayerNorm(dim, eps=EPS)
        self.attn = WindowAttention(dim, heads, WINDOW)
        self.norm2 = nn.LayerNorm(dim, eps=EPS)
        hidden = int(dim * MLP_RATIO)
        self.mlp = nn.Sequential(nn.Linear(dim, hidden), nn.GELU(), nn.Linear(hidden, dim))

    def forward(self, x):
        b, h, w, c = x.shape
        y = self.norm1(x)
        if self.shift:
            y = torch.roll(y, (-self.shift, -self.shift), (1, 2))
        y = window_reverse(self.attn(window_partition(y, WINDOW)), WINDOW, h, w)
        if self.shift:
            y = torch.roll(y, (self.shift, self.shift), (1, 2))
        x = x + y
        return x + self.mlp(self.norm2(x))


class PatchMerging(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(4 * dim, eps=EPS)
        self.reduction = nn.Linear(4 * dim, 2 * dim, bias=False)

    def forward(self, x):
        x = torch.cat([x[:, 0::2, 0::2], x[:, 1::2, 0::2], x[:, 0::2, 1::2], x[:, 1::2, 1::2]], -1)
        return self.reduction(self.norm(x))


class SwinTransformer(nn.Module):
    def __init__(self):
        super().__init__()
        self.patch_embed = nn.Conv2d(IN_CH, EMBED, PATCH, PATCH)
        self.patch_norm = nn.LayerNorm(EMBED, eps=EPS)
        self.stages = nn.ModuleList()
        dim = EMBED
        for i, (depth, heads) in enumerate(STAGES):
            blocks = [SwinBlock(dim, heads, 0 if j % 2 == 0 else WINDOW // 2) for j in range(depth)]
            if i < len(STAGES) - 1:
                blocks.append(PatchMerging(dim))
                self.stages.append(nn.Sequential(*blocks))
                dim *= 2
            else:
                self.stages.append(nn.Sequential(*blocks))
        self.norm = nn.LayerNorm(dim, eps=EPS)

    def forward(self, img):
        x = self.patch_norm(self.patch_embed(img).permute(0, 2, 3, 1))
        for stage in self.stages:
            x = stage(x)
        return self.norm(x.flatten(1, 2)).mean(1)
