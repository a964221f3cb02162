"""A tiny Swin rebuilt from its training log: the run echoed its configuration at start-up with
``pprint.pformat`` (first the defaults, Swin-T's, then the configuration merged with the command
line); the echoes are cut out of the log (a log record starts with ``[``; an echo is a record
whose message starts with ``{`` plus its continuation lines) and read with ``ast.literal_eval``;
the last echo is the run's. timm's parameter names (fused ``attn.qkv``, ``norm1`` / ``norm2``,
``mlp.fc1`` / ``mlp.fc2``). Shifted windows with the cyclic-shift mask, relative position bias,
patch merging."""

from __future__ import annotations

import ast

import torch
import torch.nn.functional as F
from torch import nn

TRAIN_LOG = """\
[2026-11-30 10:02:11 swin_tiny] (main.py 310): INFO Creating model:swin/swin_tiny_patch4_window7_224
[2026-11-30 10:02:11 swin_tiny] (main.py 311): INFO {'DATA': {'IMG_SIZE': 224},
 'MODEL': {'SWIN': {'DEPTHS': [2, 2, 6, 2],
                    'EMBED_DIM': 96,
                    'MLP_RATIO': 4.0,
                    'NUM_HEADS': [3, 6, 12, 24],
                    'PATCH_SIZE': 4,
                    'WINDOW_SIZE': 7},
           'TYPE': 'swin'}}
[2026-11-30 10:02:12 swin_tiny] (main.py 318): INFO merged 14 options from the command line
[2026-11-30 10:02:12 swin_tiny] (main.py 319): INFO {'DATA': {'IMG_SIZE': 32},
 'MODEL': {'SWIN': {'DEPTHS': [2, 2],
                    'EMBED_DIM': 16,
                    'MLP_RATIO': 4.0,
                    'NUM_HEADS': [2, 4],
                    'PATCH_SIZE': 2,
                    'WINDOW_SIZE': 8},
           'TYPE': 'swin'}}
[2026-11-30 10:02:13 swin_tiny] (main.py 342): INFO number of params: 28288354
"""


def config_echoes(log: str) -> list[dict]:
    echoes, current = [], None
    for line in log.splitlines():
        if line.startswith("["):
            if current is not None:
                echoes.append(ast.literal_eval("\n".join(current)))
            message = line.partition(" INFO ")[2]
            current = [message] if message.startswith("{") else None
        elif current is not None:
            current.append(line)
    if current is not None:
        echoes.append(ast.literal_eval("\n".join(current)))
    return echoes


config = config_echoes(TRAIN_LOG)[-1]
NORM_EPS = 1e-05

IMG_SIZE, PATCH_SIZE = config["DATA"]["IMG_SIZE"], config["MODEL"]["SWIN"]["PATCH_SIZE"]
EMBED_DIM, WINDOW_SIZE = (
    config["MODEL"]["SWIN"]["EMBED_DIM"],
    config["MODEL"]["SWIN"]["WINDOW_SIZE"],
)
DEPTHS, NUM_HEADS = config["MODEL"]["SWIN"]["DEPTHS"], config["MODEL"]["SWIN"]["NUM_HEADS"]
MLP_RATIO = config["MODEL"]["SWIN"]["MLP_RATIO"]


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
