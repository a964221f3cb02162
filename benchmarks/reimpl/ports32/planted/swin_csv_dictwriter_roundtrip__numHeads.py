"""A tiny Swin whose sizes pass through a sweep table: the rows (Swin-T's, then the run's) are
written with ``csv.DictWriter`` into an ``io.StringIO``, rewound and read back with
``csv.DictReader``; the last row is the run's (list-valued cells are space-separated). Patch
embedding with LayerNorm, shifted-window attention with relative position bias, patch merging
between stages, final LayerNorm and average pooling."""

from __future__ import annotations

import csv
import io

import torch
import torch.nn.functional as F
from torch import nn

FIELDS = ["image", "patch", "embed_dim", "window", "mlp_ratio", "eps", "depths", "heads"]
_table = io.StringIO()
_writer = csv.DictWriter(_table, fieldnames=FIELDS)
_writer.writeheader()
_writer.writerow(dict(zip(FIELDS, [224, 4, 96, 7, 4.0, 1e-05, "2 2 6 2", "3 6 12 24"])))
_writer.writerow(
    {
        "image": 32,
        "patch": 2,
        "embed_dim": 16,
        "window": 4,
        "mlp_ratio": 4.0,
        "eps": 1e-05,
        "depths": "2 2",
        "heads": "2 8",
    }
)
_table.seek(0)
_run = list(csv.DictReader(_table))[-1]
IMG_SIZE = int(_run["image"])
PATCH_SIZE = int(_run["patch"])
EMBED_DIM = int(_run["embed_dim"])
WINDOW_SIZE = int(_run["window"])
MLP_RATIO = float(_run["mlp_ratio"])
NORM_EPS = float(_run["eps"])
DEPTHS = tuple(int(d) for d in _run["depths"].split())
NUM_HEADS = tuple(int(h) for h in _run["heads"].split())


def window_partition(x, w):
    b, h, wd, c = x.shape
    x = x.view(b, h // w, w, wd // w, w, c).permute(0, 1, 3, 2, 4, 5)
    return x.reshape(-1, w * w, c)


def window_reverse(win, w, h, wd):
    c = win.shape[-1]
    x = win.view(-1, h // w, wd // w, w, w, c).permute(0, 1, 3, 2, 4, 5)
    return x.reshape(-1, h, wd, c)


class WindowAttention(nn.Module):
    def __init__(self, dim: int, heads: int, window: int) -> None:
        super().__init__()
        self.heads, self.window = heads, window
        self.relative_position_bias_table = nn.Parameter(torch.zeros((2 * window - 1) ** 2, heads))
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)
        ys, xs = torch.meshgrid(torch.arange(window), torch.arange(window), indexing="ij")
        coords = torch.stack([ys.flatten(), xs.flatten()])
        rel = (coords[:, :, None] - coords[:, None, :]).permute(1, 2, 0) + (window - 1)
        self.register_buffer(
            "index", rel[..., 0] * (2 * window - 1) + rel[..., 1], persistent=False
        )

    def forward(self, x, mask):
        bw, n, c = x.shape
        d = c // self.heads
        q, k, v = self.qkv(x).view(bw, n, 3, self.heads, d).permute(2, 0, 3, 1, 4)
        s = q @ k.transpose(-1, -2) / d**0.5
        bias = self.relative_position_bias_table[self.index.view(-1)].view(n, n, -1)
        s = s + bias.permute(2, 0, 1)[None]
        if mask is not None:
            nw = mask.shape[0]
            s = (s.view(bw // nw, nw, self.heads, n, n) + mask[None, :, None]).view(
                bw, self.heads, n, n
            )
        return self.proj((s.softmax(-1) @ v).transpose(1, 2).reshape(bw, n, c))


class SwinBlock(nn.Module):
    def __init__(self, dim: int, heads: int, res: int, shift: bool) -> None:
        super().__init__()
        self.res = res
        self.window = min(WINDOW_SIZE, res)
        self.shift = WINDOW_SIZE // 2 if shift and res > WINDOW_SIZE else 0
        self.norm1 = nn.LayerNorm(dim, eps=NORM_EPS)
        self.attn = WindowAttention(dim, heads, self.window)
        self.norm2 = nn.LayerNorm(dim, eps=NORM_EPS)
        self.mlp = nn.Module()
        self.mlp.fc1 = nn.Linear(dim, int(MLP_RATIO * dim))
        self.mlp.fc2 = nn.Linear(int(MLP_RATIO * dim), dim)

    def shift_mask(self):
        if not self.shift:
            return None
        idx = torch.arange(self.res)
        region = (idx >= self.res - self.window).long() + (idx >= self.res - self.shift).long()
        img = (region[:, None] * 3 + region[None, :]).float()[None, :, :, None]
        win = window_partition(img, self.window).squeeze(-1)
        diff = win[:, None, :] - win[:, :, None]
        return diff.masked_fill(diff != 0, -100.0)

    def forward(self, x):
        b, n, c = x.shape
        y = self.norm1(x).view(b, self.res, self.res, c)
        if self.shift:
            y = torch.roll(y, (-self.shift, -self.shift), (1, 2))
        y = self.attn(window_partition(y, self.window), self.shift_mask())
        y = window_reverse(y, self.window, self.res, self.res)
        if self.shift:
            y = torch.roll(y, (self.shift, self.shift), (1, 2))
        x = x + y.reshape(b, n, c)
        return x + self.mlp.fc2(F.gelu(self.mlp.fc1(self.norm2(x))))


class PatchMerging(nn.Module):
    def __init__(self, dim: int, res: int) -> None:
        super().__init__()
        self.res = res
        self.norm = nn.LayerNorm(4 * dim, eps=NORM_EPS)
        self.reduction = nn.Linear(4 * dim, 2 * dim, bias=False)

    def forward(self, x):
        b, _, c = x.shape
        x = x.view(b, self.res, self.res, c)
        parts = [x[:, 0::2, 0::2], x[:, 1::2, 0::2], x[:, 0::2, 1::2], x[:, 1::2, 1::2]]
        return self.reduction(self.norm(torch.cat(parts, -1).view(b, -1, 4 * c)))


class SwinTransformer(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.patch_embed = nn.Module()
        self.patch_embed.proj = nn.Conv2d(3, EMBED_DIM, PATCH_SIZE, stride=PATCH_SIZE)
        self.patch_embed.norm = nn.LayerNorm(EMBED_DIM, eps=NORM_EPS)
        res, dim = IMG_SIZE // PATCH_SIZE, EMBED_DIM
        self.layers = nn.ModuleList()
        for i, (depth, heads) in enumerate(zip(DEPTHS, NUM_HEADS)):
            stage = nn.Module()
            stage.blocks = nn.ModuleList(
                SwinBlock(dim, heads, res, j % 2 == 1) for j in range(depth)
            )
            if i < len(DEPTHS) - 1:
                stage.downsample = PatchMerging(dim, res)
                res, dim = res // 2, dim * 2
            self.layers.append(stage)
        self.norm = nn.LayerNorm(dim, eps=NORM_EPS)

    def forward(self, pixels):
        x = self.patch_embed.proj(pixels).flatten(2).transpose(1, 2)
        x = self.patch_embed.norm(x)
        for stage in self.layers:
            for block in stage.blocks:
                x = block(x)
            if hasattr(stage, "downsample"):
                x = stage.downsample(x)
        x = self.norm(x)
        return x, x.mean(1)
