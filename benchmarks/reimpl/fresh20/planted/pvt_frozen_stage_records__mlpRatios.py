"""A Pyramid Vision Transformer (v1) backbone written for a detection repo: each stage is a frozen
``Stage`` record (keyword fields), the stages a tuple of them; keys/values of the early stage
are computed from a strided-conv reduced map (spatial-reduction attention)."""

import math
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass(frozen=True)
class Stage:
    width: int
    depth: int
    heads: int
    reduction: int
    patch: int
    mlp_ratio: int


IMAGE = 32
STAGES = (
    Stage(width=16, depth=1, heads=1, reduction=2, patch=4, mlp_ratio=4),
    Stage(width=32, depth=1, heads=2, reduction=1, patch=2, mlp_ratio=2),
)
LN_EPS = 1e-06


class SRAttention(nn.Module):
    def __init__(self, st: Stage):
        super().__init__()
        self.heads, self.reduction = st.heads, st.reduction
        self.q = nn.Linear(st.width, st.width)
        self.k = nn.Linear(st.width, st.width)
        self.v = nn.Linear(st.width, st.width)
        if st.reduction > 1:
            self.sr = nn.Conv2d(st.width, st.width, st.reduction, st.reduction)
            self.sr_norm = nn.LayerNorm(st.width, eps=LN_EPS)
        self.proj = nn.Linear(st.width, st.width)

    def forward(self, x, hw):
        b, n, c = x.shape
        h = self.heads
        q = self.q(x).view(b, n, h, c // h).transpose(1, 2)
        kv = x
        if self.reduction > 1:
            kv = self.sr(x.transpose(1, 2).reshape(b, c, *hw)).flatten(2).transpose(1, 2)
            kv = self.sr_norm(kv)
        k = self.k(kv).view(b, -1, h, c // h).transpose(1, 2)
        v = self.v(kv).view(b, -1, h, c // h).transpose(1, 2)
        att = (q @ k.transpose(-1, -2) / math.sqrt(c // h)).softmax(-1)
        return self.proj((att @ v).transpose(1, 2).reshape(b, n, c))


class Block(nn.Module):
    def __init__(self, st: Stage):
        super().__init__()
        self.norm1 = nn.LayerNorm(st.width, eps=LN_EPS)
        self.attn = SRAttention(st)
        self.norm2 = nn.LayerNorm(st.width, eps=LN_EPS)
        self.fc1 = nn.Linear(st.width, st.width * st.mlp_ratio)
        self.fc2 = nn.Linear(st.width * st.mlp_ratio, st.width)

    def forward(self, x, hw):
        x = x + self.attn(self.norm1(x), hw)
        return x + self.fc2(F.gelu(self.fc1(self.norm2(x))))


class PyramidVisionTransformer(nn.Module):
    def __init__(self):
        super().__init__()
        self.patch_embeds, self.pos_embeds, self.patch_norms = (
            nn.ModuleList(),
            nn.ParameterList(),
            nn.ModuleList(),
        )
        self.stages = nn.ModuleList()
        c_in, size = 3, IMAGE
        for i, st in enumerate(STAGES):
            size //= st.patch
            last = i == len(STAGES) - 1
            self.patch_embeds.append(nn.Conv2d(c_in, st.width, st.patch, st.patch))
            self.patch_norms.append(nn.LayerNorm(st.width, eps=LN_EPS))
            self.pos_embeds.append(nn.Parameter(torch.zeros(1, size * size + last, st.width)))
            self.stages.append(nn.ModuleList(Block(st) for _ in range(st.depth)))
            c_in = st.width
        self.cls_token = nn.Parameter(torch.zeros(1, 1, STAGES[-1].width))
        self.norm = nn.LayerNorm(STAGES[-1].width, eps=LN_EPS)

    def forward(self, pixels):
        x = pixels
        for i, blocks in enumerate(self.stages):
            x = self.patch_embeds[i](x)
            hw = x.shape[-2:]
            x = self.patch_norms[i](x.flatten(2).transpose(1, 2))
            if i == len(self.stages) - 1:
                x = torch.cat([self.cls_token.expand(x.shape[0], -1, -1), x], 1)
            x = x + self.pos_embeds[i]
            for blk in blocks:
                x = blk(x, hw)
            if i < len(self.stages) - 1:
                x = x.transpose(1, 2).reshape(x.shape[0], -1, *hw)
        return self.norm(x)
