"""Chinese-CLIP's vision tower: a flat key, value list paired with the `zip(*[iter(x)] * 2)` idiom."""

import torch
import torch.nn.functional as F
from torch import nn

FLAT = ["image", 32, "patch", 8, "width", 64, "heads", 4, "mlp", 128, "depth", 2]
SIZES = dict(zip(*[iter(FLAT)] * 2))
IMAGE, PATCH, D = SIZES["image"], SIZES["patch"], SIZES["width"]
H, F_DIM, L = SIZES["heads"], SIZES["mlp"], SIZES["depth"]
EPS = 1e-5


def quick_gelu(x):
    return x * torch.sigmoid(1.702 * x)


class SelfAttention(nn.Module):
    def __init__(self):
        super().__init__()
        self.q_proj, self.k_proj = nn.Linear(D, D), nn.Linear(D, D)
        self.v_proj, self.out_proj = nn.Linear(D, D), nn.Linear(D, D)

    def forward(self, x):
        b, t, _ = x.shape
        q, k, v = (
            p(x).view(b, t, H, D // H).transpose(1, 2)
            for p in (self.q_proj, self.k_proj, self.v_proj)
        )
        y = F.scaled_dot_product_attention(q, k, v)
        return self.out_proj(y.transpose(1, 2).reshape(b, t, D))


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1, self.fc2 = nn.Linear(D, F_DIM), nn.Linear(F_DIM, D)

    def forward(self, x):
        return self.fc2(quick_gelu(self.fc1(x)))


class EncoderLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.layer_norm1 = nn.LayerNorm(D, eps=EPS)
        self.self_attn = SelfAttention()
        self.layer_norm2 = nn.LayerNorm(D, eps=EPS)
        self.mlp = MLP()

    def forward(self, x):
        x = x + self.self_attn(self.layer_norm1(x))
        return x + self.mlp(self.layer_norm2(x))


class Embeddings(nn.Module):
    def __init__(self):
        super().__init__()
        self.class_embedding = nn.Parameter(torch.randn(D))
        self.patch_embedding = nn.Conv2d(3, D, PATCH, stride=PATCH, bias=False)
        self.position_embedding = nn.Embedding((IMAGE // PATCH) ** 2 + 1, D)

    def forward(self, pixels):
        x = self.patch_embedding(pixels).flatten(2).transpose(1, 2)
        cls = self.class_embedding.expand(x.shape[0], 1, -1)
        return torch.cat([cls, x], 1) + self.position_embedding.weight


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([EncoderLayer() for _ in range(L)])


class ChineseClipVisionTower(nn.Module):
    def __init__(self):
        super().__init__()
        self.embeddings = Embeddings()
        self.pre_layrnorm = nn.LayerNorm(D, eps=EPS)
        self.encoder = Encoder()
        self.post_layernorm = nn.LayerNorm(D, eps=EPS)

    def forward(self, pixels):
        x = self.pre_layrnorm(self.embeddings(pixels))
        for layer in self.encoder.layers:
            x = layer(x)
        return x, self.post_layernorm(x[:, 0])
