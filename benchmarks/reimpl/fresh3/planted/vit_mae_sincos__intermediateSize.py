"""ViT-MAE encoder: the fixed 2-D sine-cosine position table built with numpy (MAE's
``get_2d_sincos_pos_embed``) and stored as a frozen ``nn.Parameter`` [1, 1 + patches, d],
random masking by argsort of noise, a class token, pre-LN blocks in an ``nn.Sequential`` with
an ``nn.MultiheadAttention`` per block, and a final LayerNorm. Settings are ``typing.Final``
module constants."""

from typing import Final

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

IMG: Final = 32
PATCH: Final = 8
CHANS: Final = 3
EMBED: Final = 64
DEPTH: Final = 2
HEADS: Final = 4
MLP_DIM: Final = 192
EPS: Final = 1e-12
MASK_RATIO: Final = 0.75


def sincos_1d(dim, pos):
    omega = 1.0 / 10000 ** (np.arange(dim // 2, dtype=np.float64) / (dim / 2.0))
    out = np.einsum("m,d->md", pos.reshape(-1), omega)
    return np.concatenate([np.sin(out), np.cos(out)], axis=1)


def get_2d_sincos_pos_embed(dim, grid_size, cls_token=True):
    gh, gw = np.meshgrid(
        np.arange(grid_size, dtype=np.float32), np.arange(grid_size, dtype=np.float32)
    )
    emb = np.concatenate([sincos_1d(dim // 2, gw), sincos_1d(dim // 2, gh)], axis=1)
    if cls_token:
        emb = np.concatenate([np.zeros([1, dim]), emb], axis=0)
    return emb


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm1 = nn.LayerNorm(EMBED, eps=EPS)
        self.attn = nn.MultiheadAttention(EMBED, HEADS, bias=True, batch_first=True)
        self.norm2 = nn.LayerNorm(EMBED, eps=EPS)
        self.fc1 = nn.Linear(EMBED, MLP_DIM)
        self.fc2 = nn.Linear(MLP_DIM, EMBED)

    def forward(self, x):
        h = self.norm1(x)
        x = x + self.attn(h, h, h, need_weights=False)[0]
        return x + self.fc2(F.gelu(self.fc1(self.norm2(x))))


class MAEEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        grid = IMG // PATCH
        self.patch_embed = nn.Conv2d(
            CHANS, EMBED, kernel_size=(PATCH, PATCH), stride=(PATCH, PATCH)
        )
        self.cls_token = nn.Parameter(torch.zeros(1, 1, EMBED))
        table = torch.from_numpy(get_2d_sincos_pos_embed(EMBED, grid)).float()[None]
        self.pos_embed = nn.Parameter(table, requires_grad=False)
        self.blocks = nn.Sequential(*[Block() for _ in range(DEPTH)])
        self.norm = nn.LayerNorm(EMBED, eps=EPS)

    def random_masking(self, x):
        b, n, d = x.shape
        keep = int(n * (1 - MASK_RATIO))
        ids_shuffle = torch.argsort(torch.rand(b, n), dim=1)
        ids_keep = ids_shuffle[:, :keep]
        return torch.gather(x, 1, ids_keep[..., None].expand(-1, -1, d)), ids_shuffle

    def forward(self, pixels):
        x = self.patch_embed(pixels).flatten(2).transpose(1, 2) + self.pos_embed[:, 1:]
        x, ids = self.random_masking(x)
        cls = (self.cls_token + self.pos_embed[:, :1]).expand(x.shape[0], -1, -1)
        x = self.blocks(torch.cat([cls, x], dim=1))
        return self.norm(x), ids
