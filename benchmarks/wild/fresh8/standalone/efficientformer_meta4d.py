"""EfficientFormer-L1 by hand: a conv stem, Meta4D blocks (pooling token mixer, conv MLP with BN,
layer scales shaped (dim, 1, 1)), embeddings between stages, and one Meta3D attention block with
a learned attention-bias table; distillation head beside the class head."""

import itertools

import torch
import torch.nn as nn


class Meta4D(nn.Module):
    def __init__(self, dim, mlp_ratio=4.0):
        super().__init__()
        h = int(dim * mlp_ratio)
        self.mlp = nn.Sequential(
            nn.Conv2d(dim, h, 1),
            nn.BatchNorm2d(h),
            nn.GELU(),
            nn.Conv2d(h, dim, 1),
            nn.BatchNorm2d(dim),
        )
        self.layer_scale_1 = nn.Parameter(1e-5 * torch.ones(dim).unsqueeze(-1).unsqueeze(-1))
        self.layer_scale_2 = nn.Parameter(1e-5 * torch.ones(dim).unsqueeze(-1).unsqueeze(-1))


class Attention(nn.Module):
    def __init__(self, dim=448, key_dim=32, num_heads=8, attn_ratio=4, resolution=7):
        super().__init__()
        self.d = int(attn_ratio * key_dim)
        self.qkv = nn.Linear(dim, num_heads * (2 * key_dim + self.d))
        self.proj = nn.Linear(num_heads * self.d, dim)
        points = list(itertools.product(range(resolution), range(resolution)))
        offsets = {(abs(p1[0] - p2[0]), abs(p1[1] - p2[1])) for p1 in points for p2 in points}
        self.attention_biases = nn.Parameter(torch.zeros(num_heads, len(offsets)))
        self.register_buffer(
            "attention_bias_idxs", torch.zeros(len(points), len(points), dtype=torch.long)
        )


class Meta3D(nn.Module):
    def __init__(self, dim, mlp_ratio=4.0):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim)
        self.token_mixer = Attention(dim)
        self.norm2 = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(
            nn.Linear(dim, int(dim * mlp_ratio)), nn.GELU(), nn.Linear(int(dim * mlp_ratio), dim)
        )
        self.layer_scale_1 = nn.Parameter(1e-5 * torch.ones(dim))
        self.layer_scale_2 = nn.Parameter(1e-5 * torch.ones(dim))


class EfficientFormer(nn.Module):
    def __init__(self, layers=(3, 2, 6, 4), dims=(48, 96, 224, 448), vit_num=1, num_classes=1000):
        super().__init__()
        self.stem = nn.Sequential(
            nn.Conv2d(3, dims[0] // 2, 3, 2, 1),
            nn.BatchNorm2d(dims[0] // 2),
            nn.ReLU(),
            nn.Conv2d(dims[0] // 2, dims[0], 3, 2, 1),
            nn.BatchNorm2d(dims[0]),
            nn.ReLU(),
        )
        net = []
        for i, (n, d) in enumerate(zip(layers, dims)):
            blocks = [Meta4D(d) for _ in range(n - (vit_num if i == 3 else 0))]
            blocks += [Meta3D(d) for _ in range(vit_num if i == 3 else 0)]
            net.append(nn.Sequential(*blocks))
            if i < 3:
                net.append(
                    nn.Sequential(nn.Conv2d(d, dims[i + 1], 3, 2, 1), nn.BatchNorm2d(dims[i + 1]))
                )
        self.network = nn.ModuleList(net)
        self.norm = nn.LayerNorm(dims[-1])
        self.head = nn.Linear(dims[-1], num_classes)
        self.dist_head = nn.Linear(dims[-1], num_classes)


model = EfficientFormer()
