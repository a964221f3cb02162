import torch
import torch.nn as nn


class WindowAttention(nn.Module):
    def __init__(self, dim, window_size, num_heads, qkv_bias=True):
        super().__init__()
        self.dim = dim
        self.window_size = window_size
        self.num_heads = num_heads
        self.relative_position_bias_table = nn.Parameter(
            torch.zeros((2 * window_size[0] - 1) * (2 * window_size[1] - 1), num_heads)
        )
        coords = torch.stack(torch.meshgrid([torch.arange(window_size[0]),
                                             torch.arange(window_size[1])], indexing="ij"))
        coords_flatten = torch.flatten(coords, 1)
        rel = (coords_flatten[:, :, None] - coords_flatten[:, None, :]).permute(1, 2, 0).contiguous()
        rel[:, :, 0] += window_size[0] - 1
        rel[:, :, 1] += window_size[1] - 1
        rel[:, :, 0] *= 2 * window_size[1] - 1
        self.register_buffer("relative_position_index", rel.sum(-1))
        self.qkv = nn.Linear(dim, dim * 3, bias=qkv_bias)
        self.proj = nn.Linear(dim, dim)


class SwinBlock(nn.Module):
    def __init__(self, dim, heads, window, shift, mlp_ratio=4.0):
        super().__init__()
        self.shift = shift
        self.norm1 = nn.LayerNorm(dim)
        self.attn = WindowAttention(dim, (window, window), heads)
        self.norm2 = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, int(dim * mlp_ratio)), nn.GELU(),
                                 nn.Linear(int(dim * mlp_ratio), dim))


class PatchMerging(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(4 * dim)
        self.reduction = nn.Linear(4 * dim, 2 * dim, bias=False)


class Swin(nn.Module):
    def __init__(self, embed_dim=64, depths=(2, 2, 4, 2), num_heads=(2, 4, 8, 16), window_size=7,
                 patch_size=4, in_chans=3, num_classes=100):
        super().__init__()
        self.patch_embed = nn.Sequential(
            nn.Conv2d(in_chans, embed_dim, patch_size, patch_size),
        )
        self.patch_norm = nn.LayerNorm(embed_dim)
        self.stages = nn.ModuleList()
        dim = embed_dim
        for i, (d, h) in enumerate(zip(depths, num_heads)):
            blocks = [SwinBlock(dim, h, window_size, shift=(j % 2 == 1)) for j in range(d)]
            if i < len(depths) - 1:
                blocks.append(PatchMerging(dim))
            self.stages.append(nn.Sequential(*blocks))
            dim = dim * 2 if i < len(depths) - 1 else dim
        self.norm = nn.LayerNorm(dim)
        self.head = nn.Linear(dim, num_classes)


model = Swin(embed_dim=48, depths=(2, 2, 2, 2), num_heads=(3, 6, 12, 24), window_size=4)
