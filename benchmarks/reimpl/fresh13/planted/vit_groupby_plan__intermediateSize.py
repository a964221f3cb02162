"""ViT with attention weights as [width, heads, head_dim] tensors (einsum); the depth is the
length of the run of "B"s in the layer plan (itertools.groupby)."""

from itertools import groupby

import torch
from torch import nn

PLAN = "PBBBNC"  # patchify, blocks, norm, classifier
RUNS = {kind: len(list(run)) for kind, run in groupby(PLAN)}
CFG = dict(image=48, patch=16, width=96, heads=6, mlp=256, depth=RUNS["B"])
CLASSES = 2  # damaged / intact


class Block(nn.Module):
    def __init__(self, d=CFG["width"], h=CFG["heads"], f=CFG["mlp"]):
        super().__init__()
        hd = d // h
        self.norm1, self.norm2 = nn.LayerNorm(d, eps=1e-12), nn.LayerNorm(d, eps=1e-12)
        self.w_qkv = nn.Parameter(torch.randn(3, d, h, hd) * 0.02)
        self.b_qkv = nn.Parameter(torch.zeros(3, h, hd))
        self.w_out = nn.Parameter(torch.randn(h, hd, d) * 0.02)
        self.b_out = nn.Parameter(torch.zeros(d))
        self.fc1, self.fc2 = nn.Linear(d, f), nn.Linear(f, d)

    def forward(self, x):
        h = self.norm1(x)
        q, k, v = torch.einsum("bnd,cdhk->cbhnk", h, self.w_qkv) + self.b_qkv[:, None, :, None]
        a = (torch.einsum("bhnk,bhmk->bhnm", q, k) * q.shape[-1] ** -0.5).softmax(-1)
        o = torch.einsum("bhnm,bhmk->bnhk", a, v)
        x = x + torch.einsum("bnhk,hkd->bnd", o, self.w_out) + self.b_out
        return x + self.fc2(nn.functional.gelu(self.fc1(self.norm2(x))))


class VisionTransformer(nn.Module):
    def __init__(self):
        super().__init__()
        d, p = CFG["width"], CFG["patch"]
        n = (CFG["image"] // p) ** 2
        self.patchify = nn.Conv2d(3, d, p, p)
        self.cls_token = nn.Parameter(torch.zeros(1, 1, d))
        self.pos_embed = nn.Parameter(torch.zeros(1, n + 1, d))
        self.blocks = nn.Sequential(*(Block() for _ in range(CFG["depth"])))
        self.norm = nn.LayerNorm(d, eps=1e-12)
        self.classifier = nn.Linear(d, CLASSES)

    def forward(self, pixels):
        x = self.patchify(pixels).flatten(2).transpose(1, 2)
        x = torch.cat([self.cls_token.expand(x.shape[0], -1, -1), x], 1) + self.pos_embed
        return self.classifier(self.norm(self.blocks(x))[:, 0])
