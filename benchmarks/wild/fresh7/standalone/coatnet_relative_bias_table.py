"""CoAtNet-0-like: MBConv stages then transformer stages with a relative-position bias table."""

import torch
import torch.nn as nn


class MBConv(nn.Module):
    def __init__(self, i, o, down, expansion=4):
        super().__init__()
        h = i * expansion
        self.pool = nn.MaxPool2d(3, 2, 1) if down else nn.Identity()
        self.proj = nn.Conv2d(i, o, 1, bias=False) if down else nn.Identity()
        self.conv = nn.Sequential(
            nn.BatchNorm2d(i),
            nn.Conv2d(i, h, 1, 2 if down else 1, bias=False),
            nn.BatchNorm2d(h),
            nn.GELU(),
            nn.Conv2d(h, h, 3, 1, 1, groups=h, bias=False),
            nn.BatchNorm2d(h),
            nn.GELU(),
            nn.Conv2d(h, o, 1, bias=False),
            nn.BatchNorm2d(o),
        )


class RelAttention(nn.Module):
    def __init__(self, dim, size, heads=8, dim_head=32):
        super().__init__()
        inner = heads * dim_head
        self.relative_bias_table = nn.Parameter(torch.zeros((2 * size - 1) ** 2, heads))
        coords = torch.stack(
            torch.meshgrid(torch.arange(size), torch.arange(size), indexing="ij")
        ).flatten(1)
        rel = (coords[:, :, None] - coords[:, None, :]).permute(1, 2, 0) + size - 1
        self.register_buffer(
            "relative_index", rel[..., 0] * (2 * size - 1) + rel[..., 1], persistent=False
        )
        self.to_qkv = nn.Linear(dim, inner * 3, bias=False)
        self.to_out = nn.Linear(inner, dim)


class TransformerBlock(nn.Module):
    def __init__(self, i, o, size, down):
        super().__init__()
        self.pool = nn.MaxPool2d(3, 2, 1) if down else nn.Identity()
        self.proj = nn.Conv2d(i, o, 1, bias=False) if down else nn.Identity()
        self.norm1 = nn.LayerNorm(i)
        self.attn = RelAttention(i, size)
        self.out_proj = nn.Linear(i, o) if i != o else nn.Identity()
        self.norm2 = nn.LayerNorm(o)
        self.ff = nn.Sequential(nn.Linear(o, o * 4), nn.GELU(), nn.Linear(o * 4, o))


class CoAtNet(nn.Module):
    def __init__(
        self, image=224, depths=(2, 2, 3, 5, 2), chans=(64, 96, 192, 384, 768), classes=1000
    ):
        super().__init__()
        s0 = nn.Sequential(
            *[
                nn.Sequential(
                    nn.Conv2d(
                        3 if j == 0 else chans[0], chans[0], 3, 2 if j == 0 else 1, 1, bias=False
                    ),
                    nn.BatchNorm2d(chans[0]),
                    nn.GELU(),
                )
                for j in range(depths[0])
            ]
        )
        stages = [s0]
        size = image // 2
        for s in range(1, 5):
            size //= 2
            blocks = []
            for j in range(depths[s]):
                i = chans[s - 1] if j == 0 else chans[s]
                blocks.append(
                    MBConv(i, chans[s], j == 0)
                    if s < 3
                    else TransformerBlock(i, chans[s], size, j == 0)
                )
            stages.append(nn.Sequential(*blocks))
        self.stages = nn.ModuleList(stages)
        self.fc = nn.Linear(chans[-1], classes, bias=False)


model = CoAtNet(image=128, classes=10)
