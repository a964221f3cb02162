"""LeViT-128S: conv stem, attention with per-offset biases indexed by a buffer, shrinking attention."""

import itertools

import torch
import torch.nn as nn


class ConvBN(nn.Sequential):
    def __init__(self, a, b, k=1, s=1, p=0):
        super().__init__(nn.Conv2d(a, b, k, s, p, bias=False), nn.BatchNorm2d(b))


class LinearBN(nn.Sequential):
    def __init__(self, a, b):
        super().__init__(nn.Linear(a, b, bias=False), nn.BatchNorm1d(b))


class Attention(nn.Module):
    def __init__(self, dim, key_dim, heads, ratio, res, stride=1, out_dim=None):
        super().__init__()
        self.dh = int(ratio * key_dim) * heads
        q_res = (res - 1) // stride + 1
        self.qkv = LinearBN(dim, self.dh + 2 * key_dim * heads) if stride == 1 else None
        self.kv = LinearBN(dim, self.dh + key_dim * heads) if stride > 1 else None
        self.q = LinearBN(dim, key_dim * heads) if stride > 1 else None
        self.proj = nn.Sequential(nn.Hardswish(), LinearBN(self.dh, out_dim or dim))
        points = list(itertools.product(range(res), range(res)))
        q_points = list(itertools.product(range(0, res, stride), range(0, res, stride)))
        offsets, idxs = {}, []
        for p1 in q_points:
            for p2 in points:
                off = (abs(p1[0] - p2[0]), abs(p1[1] - p2[1]))
                offsets.setdefault(off, len(offsets))
                idxs.append(offsets[off])
        self.attention_biases = nn.Parameter(torch.zeros(heads, len(offsets)))
        self.register_buffer(
            "attention_bias_idxs", torch.tensor(idxs).view(q_res * q_res, res * res)
        )


def mlp(d, r):
    return nn.Sequential(LinearBN(d, d * r), nn.Hardswish(), LinearBN(d * r, d))


class LeViT(nn.Module):
    def __init__(
        self,
        img=224,
        dims=(128, 256, 384),
        heads=(4, 6, 8),
        depth=(2, 3, 4),
        key_dim=16,
        classes=1000,
    ):
        super().__init__()
        self.stem = nn.Sequential(
            ConvBN(3, dims[0] // 8, 3, 2, 1),
            nn.Hardswish(),
            ConvBN(dims[0] // 8, dims[0] // 4, 3, 2, 1),
            nn.Hardswish(),
            ConvBN(dims[0] // 4, dims[0] // 2, 3, 2, 1),
            nn.Hardswish(),
            ConvBN(dims[0] // 2, dims[0], 3, 2, 1),
        )
        res = img // 16
        blocks = []
        for i, (d, h, n) in enumerate(zip(dims, heads, depth)):
            for _ in range(n):
                blocks += [Attention(d, key_dim, h, 2, res), mlp(d, 2)]
            if i < 2:
                blocks += [
                    Attention(d, key_dim, d // key_dim, 4, res, stride=2, out_dim=dims[i + 1]),
                    mlp(dims[i + 1], 2),
                ]
                res = (res - 1) // 2 + 1
        self.blocks = nn.Sequential(*blocks)
        self.head = nn.Sequential(nn.BatchNorm1d(dims[-1]), nn.Linear(dims[-1], classes))


model = LeViT(img=128, classes=10)
