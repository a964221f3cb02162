"""A Swin transformer (tiny variant at small width) from a named size table: window attention with a
relative position bias table and its index buffer, shifted windows on odd blocks, patch merging."""

import torch
import torch.nn as nn

SIZES = {
    "tiny": dict(embed_dim=24, depths=(2, 2, 2), heads=(1, 2, 4)),
    "small": dict(embed_dim=48, depths=(2, 2, 6), heads=(3, 6, 12)),
}


class WindowAttention(nn.Module):
    def __init__(self, dim, window, heads):
        super().__init__()
        self.window = window
        self.heads = heads
        self.relative_position_bias_table = nn.Parameter(torch.zeros((2 * window - 1) ** 2, heads))
        coords = torch.stack(
            torch.meshgrid(torch.arange(window), torch.arange(window), indexing="ij")
        )
        flat = coords.flatten(1)
        rel = (flat[:, :, None] - flat[:, None, :]).permute(1, 2, 0)
        index = (rel[..., 0] + window - 1) * (2 * window - 1) + (rel[..., 1] + window - 1)
        self.register_buffer("relative_position_index", index)
        self.qkv = nn.Linear(dim, dim * 3)
        self.proj = nn.Linear(dim, dim)


class SwinBlock(nn.Module):
    def __init__(self, dim, heads, window, shift, mlp_ratio=4.0):
        super().__init__()
        self.shift = shift
        self.norm1 = nn.LayerNorm(dim)
        self.attn = WindowAttention(dim, window, heads)
        self.norm2 = nn.LayerNorm(dim)
        hidden = int(dim * mlp_ratio)
        self.mlp = nn.Sequential(nn.Linear(dim, hidden), nn.GELU(), nn.Linear(hidden, dim))


class PatchMerging(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(4 * dim)
        self.reduction = nn.Linear(4 * dim, 2 * dim, bias=False)


class Swin(nn.Module):
    def __init__(self, embed_dim, depths, heads, window=4, patch=4, in_chans=3, num_classes=10):
        super().__init__()
        self.patch_embed = nn.Conv2d(in_chans, embed_dim, patch, patch)
        self.layers = nn.ModuleList()
        dim = embed_dim
        for i, (depth, h) in enumerate(zip(depths, heads)):
            stage = nn.ModuleList(
                SwinBlock(dim, h, window, shift=(j % 2 == 1) * (window // 2)) for j in range(depth)
            )
            self.layers.append(stage)
            if i < len(depths) - 1:
                self.layers.append(PatchMerging(dim))
                dim *= 2
        self.norm = nn.LayerNorm(dim)
        self.head = nn.Linear(dim, num_classes)


model = Swin(**SIZES["tiny"], window=4, num_classes=10)
