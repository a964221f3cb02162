"""A ViT with per-block drop-path rates from torch.linspace(...).tolist(), LayerScale gammas as
parameters, a class token, register tokens and a learned position table; the head is replaced later."""

import torch
import torch.nn as nn


class LayerScale(nn.Module):
    def __init__(self, dim, init=1e-5):
        super().__init__()
        self.gamma = nn.Parameter(init * torch.ones(dim))


class Block(nn.Module):
    def __init__(self, dim, heads, mlp_ratio, drop_path):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim, eps=1e-6)
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.ls1 = LayerScale(dim)
        self.norm2 = nn.LayerNorm(dim, eps=1e-6)
        hidden = int(dim * mlp_ratio)
        self.mlp = nn.Sequential(nn.Linear(dim, hidden), nn.GELU(), nn.Linear(hidden, dim))
        self.ls2 = LayerScale(dim)
        self.drop_path = drop_path


class ViT(nn.Module):
    def __init__(
        self,
        img=64,
        patch=8,
        dim=96,
        depth=6,
        heads=3,
        mlp_ratio=3.0,
        num_registers=4,
        dpr=0.1,
        classes=1000,
    ):
        super().__init__()
        n = (img // patch) ** 2
        self.patch_embed = nn.Conv2d(3, dim, patch, patch)
        self.cls_token = nn.Parameter(torch.zeros(1, 1, dim))
        self.registers = nn.Parameter(torch.zeros(1, num_registers, dim))
        self.pos_embed = nn.Parameter(torch.zeros(1, n + 1, dim))
        rates = [x.item() for x in torch.linspace(0, dpr, depth)]
        self.blocks = nn.ModuleList(Block(dim, heads, mlp_ratio, r) for r in rates)
        self.norm = nn.LayerNorm(dim, eps=1e-6)
        self.head = nn.Linear(dim, classes)


model = ViT()
model.head = nn.Sequential(nn.Dropout(0.1), nn.Linear(96, 37))
