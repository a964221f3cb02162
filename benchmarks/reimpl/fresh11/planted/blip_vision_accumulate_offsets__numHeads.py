"""BLIP's vision tower (fused qkv, learned position tensor): the width is the first offset of
`itertools.accumulate` over the fused rows."""

import itertools

import torch
import torch.nn.functional as F
from torch import nn

# rows of the fused qkv projection: query, key, value
QKV_ROWS = (64, 64, 64)
Q_END, K_END, V_END = itertools.accumulate(QKV_ROWS)
D = Q_END
H = D // 8
IMAGE, PATCH, F_DIM, L, EPS = 32, 8, 128, 2, 1e-5


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.qkv = nn.Linear(D, 3 * D)
        self.projection = nn.Linear(D, D)

    def forward(self, x):
        b, t, _ = x.shape
        qkv = self.qkv(x).view(b, t, 3, H, D // H).permute(2, 0, 3, 1, 4)
        y = F.scaled_dot_product_attention(qkv[0], qkv[1], qkv[2])
        return self.projection(y.transpose(1, 2).reshape(b, t, D))


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1, self.fc2 = nn.Linear(D, F_DIM), nn.Linear(F_DIM, D)

    def forward(self, x):
        return self.fc2(F.gelu(self.fc1(x)))


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.layer_norm1 = nn.LayerNorm(D, eps=EPS)
        self.self_attn = Attention()
        self.layer_norm2 = nn.LayerNorm(D, eps=EPS)
        self.mlp = MLP()

    def forward(self, x):
        x = x + self.self_attn(self.layer_norm1(x))
        return x + self.mlp(self.layer_norm2(x))


class Embeddings(nn.Module):
    def __init__(self):
        super().__init__()
        self.class_embedding = nn.Parameter(torch.randn(1, 1, D))
        self.patch_embedding = nn.Conv2d(3, D, PATCH, stride=PATCH)
        self.position_embedding = nn.Parameter(torch.randn(1, (IMAGE // PATCH) ** 2 + 1, D))

    def forward(self, pixels):
        x = self.patch_embedding(pixels).flatten(2).transpose(1, 2)
        x = torch.cat([self.class_embedding.expand(x.shape[0], -1, -1), x], 1)
        return x + self.position_embedding


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList(Layer() for _ in range(L))


class BlipVisionTower(nn.Module):
    def __init__(self):
        super().__init__()
        self.embeddings = Embeddings()
        self.encoder = Encoder()
        self.post_layernorm = nn.LayerNorm(D, eps=EPS)

    def forward(self, pixels):
        x = self.embeddings(pixels)
        for layer in self.encoder.layers:
            x = layer(x)
        return (self.post_layernorm(x),)
