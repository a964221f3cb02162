"""DINOv2: the reference repo's ``DinoVisionTransformer`` with big-model keyword defaults and a
tiny variant bound by subclassing (``super().__init__(**TINY)``), a timm-style fused qkv Linear,
LayerScale (a per-channel gamma after attention and after the MLP), a learnable mask token,
per-layer drop-path rates from ``torch.linspace`` zipped into the blocks, and an absolute
position table [1, 1 + patches, d] interpolated when the image size differs."""

import torch
import torch.nn as nn
import torch.nn.functional as F

TINY = dict(img_size=56, patch_size=14, embed_dim=64, depth=2, num_heads=4, mlp_ratio=3)


class LayerScale(nn.Module):
    def __init__(self, dim, init_values=1.0):
        super().__init__()
        self.gamma = nn.Parameter(init_values * torch.ones(dim))

    def forward(self, x):
        return x * self.gamma


class Attention(nn.Module):
    def __init__(self, dim, num_heads, qkv_bias=True):
        super().__init__()
        self.num_heads = num_heads
        self.qkv = nn.Linear(dim, dim * 3, bias=qkv_bias)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        b, n, c = x.shape
        qkv = (
            self.qkv(x).reshape(b, n, 3, self.num_heads, c // self.num_heads).permute(2, 0, 3, 1, 4)
        )
        y = F.scaled_dot_product_attention(qkv[0], qkv[1], qkv[2])
        return self.proj(y.transpose(1, 2).reshape(b, n, c))


class Block(nn.Module):
    def __init__(self, dim, num_heads, mlp_ratio, drop_path, eps=1e-6):
        super().__init__()
        self.drop_path = drop_path
        self.norm1 = nn.LayerNorm(dim, eps=eps)
        self.attn = Attention(dim, num_heads)
        self.ls1 = LayerScale(dim)
        self.norm2 = nn.LayerNorm(dim, eps=eps)
        hidden = int(dim * mlp_ratio)
        self.mlp = nn.Sequential(nn.Linear(dim, hidden), nn.GELU(), nn.Linear(hidden, dim))
        self.ls2 = LayerScale(dim)

    def forward(self, x):
        x = x + self.ls1(self.attn(self.norm1(x)))
        return x + self.ls2(self.mlp(self.norm2(x)))


class DinoVisionTransformer(nn.Module):
    def __init__(
        self,
        img_size=518,
        patch_size=14,
        in_chans=3,
        embed_dim=1024,
        depth=24,
        num_heads=16,
        mlp_ratio=4.0,
        drop_path_rate=0.0,
    ):
        super().__init__()
        self.patch_size = patch_size
        self.patch_embed = nn.Conv2d(in_chans, embed_dim, kernel_size=patch_size, stride=patch_size)
        num_patches = (img_size // patch_size) ** 2
        self.cls_token = nn.Parameter(torch.zeros(1, 1, embed_dim))
        self.mask_token = nn.Parameter(torch.zeros(1, embed_dim))
        self.pos_embed = nn.Parameter(torch.zeros(1, num_patches + 1, embed_dim))
        dpr = [r.item() for r in torch.linspace(0, drop_path_rate, depth, device="cpu")]
        self.blocks = nn.ModuleList(
            [Block(embed_dim, num_heads, mlp_ratio, r) for _, r in zip(range(depth), dpr)]
        )
        self.norm = nn.LayerNorm(embed_dim, eps=1e-6)

    def interpolate_pos(self, n, h, w):
        pos = self.pos_embed[:, 1:]
        side = int(pos.shape[1] ** 0.5)
        if n == pos.shape[1]:
            return self.pos_embed
        grid = pos.reshape(1, side, side, -1).permute(0, 3, 1, 2)
        grid = F.interpolate(grid, size=(h, w), mode="bicubic", align_corners=False)
        return torch.cat([self.pos_embed[:, :1], grid.flatten(2).transpose(1, 2)], dim=1)

    def forward(self, pixels, masks=None):
        x = self.patch_embed(pixels)
        h, w = x.shape[-2:]
        x = x.flatten(2).transpose(1, 2)
        if masks is not None:
            x = torch.where(masks[..., None], self.mask_token.to(x.dtype), x)
        x = torch.cat([self.cls_token.expand(x.shape[0], -1, -1), x], dim=1)
        x = x + self.interpolate_pos(h * w, h, w)
        for blk in self.blocks:
            x = blk(x)
        return self.norm(x)


class Dinov2Tiny(DinoVisionTransformer):
    def __init__(self):
        super().__init__(**TINY)
