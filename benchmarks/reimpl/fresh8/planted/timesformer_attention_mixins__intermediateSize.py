"""Divided space-time attention (TimeSformer): each block attends over time for each patch,
then over space for each frame. The two attention flavours are mixins over one projection
base, so the block is ``class Block(TemporalMixin, SpatialMixin, nn.Module)``."""

import torch
import torch.nn as nn

NUM_FRAMES = 4
IMG, PATCH = 32, 8
D_MODEL, N_LAYERS, N_HEADS, D_FF = 64, 2, 4, 256


class _QKV(nn.Module):
    """One fused q/k/v projection and its output projection."""

    def __init__(self, dim, heads):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        b, n, d = x.shape
        q, k, v = self.qkv(x).view(b, n, 3, self.heads, d // self.heads).permute(2, 0, 3, 1, 4)
        y = nn.functional.scaled_dot_product_attention(q, k, v)
        return self.proj(y.transpose(1, 2).reshape(b, n, d))


class TemporalMixin:
    def build_temporal(self):
        self.temporal_norm = nn.LayerNorm(D_MODEL)
        self.temporal_attn = _QKV(D_MODEL, N_HEADS)
        self.temporal_fc = nn.Linear(D_MODEL, D_MODEL)

    def temporal(self, x, t):
        b, n, d = x.shape
        p = n // t
        xt = x.view(b, t, p, d).transpose(1, 2).reshape(b * p, t, d)
        xt = self.temporal_fc(self.temporal_attn(self.temporal_norm(xt)))
        return x + xt.view(b, p, t, d).transpose(1, 2).reshape(b, n, d)


class SpatialMixin:
    def build_spatial(self):
        self.norm1 = nn.LayerNorm(D_MODEL)
        self.attn = _QKV(D_MODEL, N_HEADS)

    def spatial(self, x, cls, t):
        b, n, d = x.shape
        p = n // t
        xs = torch.cat((cls.repeat_interleave(t, 0), x.reshape(b * t, p, d)), 1)
        xs = self.attn(self.norm1(xs))
        return cls + xs[:, :1].view(b, t, d).mean(1, keepdim=True), x + xs[:, 1:].reshape(b, n, d)


class Block(TemporalMixin, SpatialMixin, nn.Module):
    def __init__(self):
        nn.Module.__init__(self)
        self.build_temporal()
        self.build_spatial()
        self.norm2 = nn.LayerNorm(D_MODEL)
        self.fc1 = nn.Linear(D_MODEL, D_FF)
        self.fc2 = nn.Linear(D_FF, D_MODEL)

    def forward(self, cls, x, t):
        x = self.temporal(x, t)
        cls, x = self.spatial(x, cls, t)
        y = torch.cat((cls, x), 1)
        return y + self.fc2(nn.functional.gelu(self.fc1(self.norm2(y))))


class TimeSformer(nn.Module):
    def __init__(self):
        super().__init__()
        n = (IMG // PATCH) ** 2
        self.patch_embed = nn.Conv2d(3, D_MODEL, PATCH, stride=PATCH)
        self.cls_token = nn.Parameter(torch.zeros(1, 1, D_MODEL))
        self.pos_embed = nn.Parameter(torch.zeros(1, n + 1, D_MODEL))
        self.time_embed = nn.Parameter(torch.zeros(1, NUM_FRAMES, D_MODEL))
        self.blocks = nn.ModuleList(Block() for _ in range(N_LAYERS))
        self.norm = nn.LayerNorm(D_MODEL)

    def forward(self, video):
        b, t = video.shape[:2]
        x = self.patch_embed(video.flatten(0, 1)).flatten(2).transpose(1, 2)
        x = x + self.pos_embed[:, 1:]
        p = x.shape[1]
        x = x.view(b, t, p, -1) + self.time_embed[:, :t, None]
        cls = self.cls_token.expand(b, -1, -1) + self.pos_embed[:, :1]
        x = x.reshape(b, t * p, -1)
        for blk in self.blocks:
            y = blk(cls, x, t)
            cls, x = y[:, :1], y[:, 1:]
        return self.norm(torch.cat((cls, x), 1))
