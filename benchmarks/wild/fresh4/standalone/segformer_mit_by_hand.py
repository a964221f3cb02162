"""SegFormer (MiT-B0-like) by hand: overlapping patch embeds, efficient self-attention with spatial
reduction ratios, Mix-FFN with depthwise conv, all-MLP decoder."""

from functools import partial

import torch.nn as nn
import torch.nn.functional as F


class OverlapPatchEmbed(nn.Module):
    def __init__(self, patch_size, stride, in_chans, embed_dim):
        super().__init__()
        self.proj = nn.Conv2d(in_chans, embed_dim, patch_size, stride, patch_size // 2)
        self.norm = nn.LayerNorm(embed_dim)

    def forward(self, x):
        x = self.proj(x)
        _, _, H, W = x.shape
        return self.norm(x.flatten(2).transpose(1, 2)), H, W


class Attention(nn.Module):
    def __init__(self, dim, num_heads, sr_ratio):
        super().__init__()
        self.num_heads = num_heads
        self.q = nn.Linear(dim, dim, bias=True)
        self.kv = nn.Linear(dim, dim * 2, bias=True)
        self.proj = nn.Linear(dim, dim)
        self.sr_ratio = sr_ratio
        if sr_ratio > 1:
            self.sr = nn.Conv2d(dim, dim, sr_ratio, sr_ratio)
            self.norm = nn.LayerNorm(dim)

    def forward(self, x, H, W):
        B, N, C = x.shape
        q = self.q(x).view(B, N, self.num_heads, -1).transpose(1, 2)
        if self.sr_ratio > 1:
            x = self.norm(self.sr(x.transpose(1, 2).reshape(B, C, H, W)).flatten(2).transpose(1, 2))
        k, v = self.kv(x).view(B, -1, 2, self.num_heads, C // self.num_heads).permute(2, 0, 3, 1, 4)
        return self.proj(F.scaled_dot_product_attention(q, k, v).transpose(1, 2).reshape(B, N, C))


class MixFFN(nn.Module):
    def __init__(self, dim, hidden):
        super().__init__()
        self.fc1 = nn.Linear(dim, hidden)
        self.dwconv = nn.Conv2d(hidden, hidden, 3, 1, 1, groups=hidden)
        self.fc2 = nn.Linear(hidden, dim)

    def forward(self, x, H, W):
        x = self.fc1(x)
        B, N, C = x.shape
        x = self.dwconv(x.transpose(1, 2).view(B, C, H, W)).flatten(2).transpose(1, 2)
        return self.fc2(F.gelu(x))


class Block(nn.Module):
    def __init__(self, dim, num_heads, mlp_ratio, sr_ratio, norm_layer):
        super().__init__()
        self.norm1 = norm_layer(dim)
        self.attn = Attention(dim, num_heads, sr_ratio)
        self.norm2 = norm_layer(dim)
        self.mlp = MixFFN(dim, int(dim * mlp_ratio))

    def forward(self, x, H, W):
        x = x + self.attn(self.norm1(x), H, W)
        return x + self.mlp(self.norm2(x), H, W)


class MixVisionTransformer(nn.Module):
    def __init__(
        self,
        embed_dims=(32, 64, 160, 256),
        num_heads=(1, 2, 5, 8),
        mlp_ratios=(4, 4, 4, 4),
        depths=(2, 2, 2, 2),
        sr_ratios=(8, 4, 2, 1),
        norm_layer=partial(nn.LayerNorm, eps=1e-6),  # noqa: B008
    ):
        super().__init__()
        self.stages = nn.ModuleList()
        in_ch = 3
        for i in range(4):
            stage = nn.Module()
            stage.patch_embed = OverlapPatchEmbed(
                7 if i == 0 else 3, 4 if i == 0 else 2, in_ch, embed_dims[i]
            )
            stage.blocks = nn.ModuleList(
                Block(embed_dims[i], num_heads[i], mlp_ratios[i], sr_ratios[i], norm_layer)
                for _ in range(depths[i])
            )
            stage.norm = norm_layer(embed_dims[i])
            self.stages.append(stage)
            in_ch = embed_dims[i]


class SegFormerHead(nn.Module):
    def __init__(self, in_channels, embedding_dim, num_classes):
        super().__init__()
        self.linear_c = nn.ModuleList(nn.Linear(c, embedding_dim) for c in in_channels)
        self.linear_fuse = nn.Sequential(
            nn.Conv2d(4 * embedding_dim, embedding_dim, 1, bias=False),
            nn.BatchNorm2d(embedding_dim),
            nn.ReLU(),
        )
        self.linear_pred = nn.Conv2d(embedding_dim, num_classes, 1)


class SegFormer(nn.Module):
    def __init__(self, num_classes=19, embed_dims=(32, 64, 160, 256), decoder_dim=256):
        super().__init__()
        self.backbone = MixVisionTransformer(embed_dims=embed_dims)
        self.decode_head = SegFormerHead(embed_dims, decoder_dim, num_classes)


model = SegFormer(num_classes=19)
