"""DINOv2 backbone (ViT with LayerScale and a mask token) for dense-feature extraction.
Hyper-parameters are validated with pydantic; the default values are the ViT-g/14 card's."""

import torch
from pydantic import BaseModel, PositiveInt
from torch import nn
from torch.nn import functional as F


class BackboneCfg(BaseModel):
    img: PositiveInt = 518
    patch: PositiveInt = 14
    dim: PositiveInt = 1536
    depth: PositiveInt = 40
    heads: PositiveInt = 24
    mlp_ratio: PositiveInt = 4
    ls_init: float = 1.0
    norm_eps: float = 1e-6


CFG = BackboneCfg(img=32, patch=8, dim=64, depth=2, heads=4, mlp_ratio=4)


class LayerScale(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.gamma = nn.Parameter(torch.full((dim,), CFG.ls_init))

    def forward(self, x):
        return x * self.gamma


class MHSA(nn.Module):
    def __init__(self):
        super().__init__()
        self.q = nn.Linear(CFG.dim, CFG.dim)
        self.k = nn.Linear(CFG.dim, CFG.dim)
        self.v = nn.Linear(CFG.dim, CFG.dim)
        self.out = nn.Linear(CFG.dim, CFG.dim)

    def forward(self, x):
        def heads(t):
            return t.view(t.shape[0], t.shape[1], CFG.heads, -1).permute(0, 2, 1, 3)

        y = F.scaled_dot_product_attention(heads(self.q(x)), heads(self.k(x)), heads(self.v(x)))
        return self.out(y.permute(0, 2, 1, 3).flatten(2))


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        hidden = CFG.dim * CFG.mlp_ratio
        self.n1 = nn.LayerNorm(CFG.dim, eps=CFG.norm_eps)
        self.attn = MHSA()
        self.ls1 = LayerScale(CFG.dim)
        self.n2 = nn.LayerNorm(CFG.dim, eps=CFG.norm_eps)
        self.mlp = nn.Sequential(nn.Linear(CFG.dim, hidden), nn.GELU(), nn.Linear(hidden, CFG.dim))
        self.ls2 = LayerScale(CFG.dim)

    def forward(self, x):
        x = x + self.ls1(self.attn(self.n1(x)))
        return x + self.ls2(self.mlp(self.n2(x)))


class DinoV2(nn.Module):
    def __init__(self):
        super().__init__()
        n = (CFG.img // CFG.patch) ** 2
        self.patch_embed = nn.Conv2d(3, CFG.dim, CFG.patch, CFG.patch)
        self.cls_token = nn.Parameter(torch.zeros(1, 1, CFG.dim))
        self.mask_token = nn.Parameter(torch.zeros(1, CFG.dim))
        self.pos_embed = nn.Parameter(torch.zeros(1, n + 1, CFG.dim))
        self.blocks = nn.ModuleList(Block() for _ in range(CFG.depth))
        self.norm = nn.LayerNorm(CFG.dim, eps=CFG.norm_eps)

    def forward(self, x):
        x = self.patch_embed(x).flatten(2).transpose(1, 2)
        x = torch.cat([self.cls_token.expand(x.shape[0], -1, -1), x], 1) + self.pos_embed
        for b in self.blocks:
            x = b(x)
        x = self.norm(x)
        return x, x[:, 0]
