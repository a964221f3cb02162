"""BLIP-2's vision tower: width and head count are the `stop` and length of a `range` object."""

import torch
import torch.nn.functional as F
from torch import nn

# one stride of 16 channels per head across the width
SPAN = range(0, 64, 16)
D, H = SPAN.stop, len(SPAN)
IMAGE, PATCH, F_DIM, L = 32, 8, 192, 2
EPS = 1e-5


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


class Blip2Vision(nn.Module):
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
