"""BEiT: a ViT with a learned relative-position bias table per layer (indexed by a buffer
built from the patch grid, three extra rows for the CLS token), no absolute positions, a key
projection without bias, LayerScale on both sublayers, and mean pooling of the patch tokens
through a final LayerNorm. Sizes as keyword defaults of the model's ``__init__``."""

import torch
import torch.nn as nn
import torch.nn.functional as F


def relative_index(wh, ww):
    coords = torch.stack(torch.meshgrid(torch.arange(wh), torch.arange(ww), indexing="ij"))
    flat = coords.flatten(1)
    rel = (flat[:, :, None] - flat[:, None, :]).permute(1, 2, 0).contiguous()
    rel[:, :, 0] += wh - 1
    rel[:, :, 1] += ww - 1
    rel[:, :, 0] *= 2 * ww - 1
    n_rel = (2 * wh - 1) * (2 * ww - 1) + 3
    index = torch.zeros(wh * ww + 1, wh * ww + 1, dtype=torch.long)
    index[1:, 1:] = rel.sum(-1)
    index[0, 0:] = n_rel - 3
    index[0:, 0] = n_rel - 2
    index[0, 0] = n_rel - 1
    return index, n_rel


class Attention(nn.Module):
    def __init__(self, dim, heads, grid):
        super().__init__()
        self.heads = heads
        self.q = nn.Linear(dim, dim)
        self.k = nn.Linear(dim, dim, bias=False)
        self.v = nn.Linear(dim, dim)
        self.proj = nn.Linear(dim, dim)
        index, n_rel = relative_index(grid, grid)
        self.rel_table = nn.Parameter(torch.zeros(n_rel, heads))
        self.register_buffer("rel_index", index, persistent=False)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = (
            m(x).view(b, t, self.heads, -1).transpose(1, 2) for m in (self.q, self.k, self.v)
        )
        bias = self.rel_table[self.rel_index.view(-1)].view(t, t, -1).permute(2, 0, 1)
        y = F.scaled_dot_product_attention(q, k, v, attn_mask=bias[None])
        return self.proj(y.transpose(1, 2).reshape(b, t, d))


class Block(nn.Module):
    def __init__(self, dim, heads, mlp, grid, eps, init_scale):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim, eps=eps)
        self.attn = Attention(dim, heads, grid)
        self.norm2 = nn.LayerNorm(dim, eps=eps)
        self.fc1 = nn.Linear(dim, mlp)
        self.fc2 = nn.Linear(mlp, dim)
        self.gamma_1 = nn.Parameter(init_scale * torch.ones(dim))
        self.gamma_2 = nn.Parameter(init_scale * torch.ones(dim))

    def forward(self, x):
        x = x + self.gamma_1 * self.attn(self.norm1(x))
        return x + self.gamma_2 * self.fc2(F.gelu(self.fc1(self.norm2(x))))


class BEiT(nn.Module):
    def __init__(
        self,
        img_size=32,
        patch_size=4,
        embed_dim=64,
        depth=2,
        num_heads=4,
        mlp_dim=128,
        eps=1e-12,
        init_scale=0.1,
    ):
        super().__init__()
        grid = img_size // patch_size
        self.patch_embed = nn.Conv2d(3, embed_dim, patch_size, stride=patch_size)
        self.cls_token = nn.Parameter(torch.zeros(1, 1, embed_dim))
        self.blocks = nn.ModuleList(
            Block(embed_dim, num_heads, mlp_dim, grid, eps, init_scale) for _ in range(depth)
        )
        self.fc_norm = nn.LayerNorm(embed_dim, eps=eps)

    def forward(self, pixels):
        x = self.patch_embed(pixels).flatten(2).transpose(1, 2)
        x = torch.cat([self.cls_token.expand(x.shape[0], -1, -1), x], dim=1)
        for blk in self.blocks:
            x = blk(x)
        return x, self.fc_norm(x[:, 1:].mean(1))
