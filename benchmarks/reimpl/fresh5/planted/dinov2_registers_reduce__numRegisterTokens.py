"""DINOv2 with registers: [cls, registers, patches] (positions only for cls and patches), LayerScale
on both residual branches, a learned mask token. The blocks are folded over the tokens with
``functools.reduce`` rather than a for-loop."""

import functools

import torch
import torch.nn.functional as F
from torch import nn

IMAGE, PATCH, CHANNELS = 32, 8, 3
WIDTH, DEPTH, HEADS = 64, 2, 4
MLP_RATIO = 2
REGISTERS = 8
LAYERSCALE_INIT = 1.0
EPS = 1e-6
N_PATCHES = (IMAGE // PATCH) ** 2


class LayerScale(nn.Module):
    def __init__(self):
        super().__init__()
        self.lambda1 = nn.Parameter(LAYERSCALE_INIT * torch.ones(WIDTH))

    def forward(self, x):
        return x * self.lambda1


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm1 = nn.LayerNorm(WIDTH, eps=EPS)
        self.qkv = nn.ModuleList(nn.Linear(WIDTH, WIDTH) for _ in range(3))
        self.proj = nn.Linear(WIDTH, WIDTH)
        self.ls1 = LayerScale()
        self.norm2 = nn.LayerNorm(WIDTH, eps=EPS)
        self.fc1 = nn.Linear(WIDTH, WIDTH * MLP_RATIO)
        self.fc2 = nn.Linear(WIDTH * MLP_RATIO, WIDTH)
        self.ls2 = LayerScale()

    def forward(self, x):
        b, n, _ = x.shape
        h = self.norm1(x)
        q, k, v = (m(h).view(b, n, HEADS, -1).transpose(1, 2) for m in self.qkv)
        a = F.scaled_dot_product_attention(q, k, v).transpose(1, 2).reshape(b, n, WIDTH)
        x = x + self.ls1(self.proj(a))
        return x + self.ls2(self.fc2(F.gelu(self.fc1(self.norm2(x)))))


class Dinov2Reg(nn.Module):
    def __init__(self):
        super().__init__()
        self.patch_embed = nn.Conv2d(CHANNELS, WIDTH, PATCH, stride=PATCH)
        self.cls_token = nn.Parameter(torch.zeros(1, 1, WIDTH))
        self.mask_token = nn.Parameter(torch.zeros(1, WIDTH))
        self.register_tokens = nn.Parameter(torch.zeros(1, REGISTERS, WIDTH))
        self.pos_embed = nn.Parameter(torch.zeros(1, 1 + N_PATCHES, WIDTH))
        self.blocks = nn.ModuleList(Block() for _ in range(DEPTH))
        self.norm = nn.LayerNorm(WIDTH, eps=EPS)

    def forward(self, pixels):
        x = self.patch_embed(pixels).flatten(2).transpose(1, 2)
        b = x.shape[0]
        x = torch.cat([self.cls_token.expand(b, -1, -1), x], 1) + self.pos_embed
        x = torch.cat([x[:, :1], self.register_tokens.expand(b, -1, -1), x[:, 1:]], 1)
        x = functools.reduce(lambda h, blk: blk(h), self.blocks, x)
        x = self.norm(x)
        return x, x[:, 0]
