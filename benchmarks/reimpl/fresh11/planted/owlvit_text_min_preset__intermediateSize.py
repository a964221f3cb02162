"""OWL-ViT's text tower (CLIP layout, causal mask): the preset with the smallest width, picked
with `min(..., key=...)`."""

import torch
import torch.nn.functional as F
from torch import nn

PRESETS = {
    "base": {"vocab": 49408, "width": 512, "depth": 12, "heads": 8, "mlp": 2048, "ctx": 16},
    "tiny": {"vocab": 320, "width": 64, "depth": 2, "heads": 4, "mlp": 192, "ctx": 16},
}
SMALLEST = min(PRESETS.values(), key=lambda p: p["width"])
V, D, L = SMALLEST["vocab"], SMALLEST["width"], SMALLEST["depth"]
H, F_DIM, P = SMALLEST["heads"], SMALLEST["mlp"], SMALLEST["ctx"]
EPS = 1e-5


def quick_gelu(x):
    return x * torch.sigmoid(1.702 * x)


class SelfAttention(nn.Module):
    def __init__(self):
        super().__init__()
        self.q_proj, self.k_proj = nn.Linear(D, D), nn.Linear(D, D)
        self.v_proj, self.out_proj = nn.Linear(D, D), nn.Linear(D, D)

    def forward(self, x, mask):
        b, t, _ = x.shape
        q, k, v = (
            p(x).view(b, t, H, D // H).transpose(1, 2)
            for p in (self.q_proj, self.k_proj, self.v_proj)
        )
        y = F.scaled_dot_product_attention(q, k, v, attn_mask=mask)
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

    def forward(self, x, mask):
        x = x + self.self_attn(self.layer_norm1(x), mask)
        return x + self.mlp(self.layer_norm2(x))


class Embeddings(nn.Module):
    def __init__(self):
        super().__init__()
        self.token_embedding = nn.Embedding(V, D)
        self.position_embedding = nn.Embedding(P, D)

    def forward(self, ids):
        pos = torch.arange(ids.shape[1], device=ids.device)
        return self.token_embedding(ids) + self.position_embedding(pos)


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([EncoderLayer() for _ in range(L)])


class OwlViTTextTower(nn.Module):
    def __init__(self):
        super().__init__()
        self.embeddings = Embeddings()
        self.encoder = Encoder()
        self.final_layer_norm = nn.LayerNorm(D, eps=EPS)

    def forward(self, ids):
        x = self.embeddings(ids)
        t = ids.shape[1]
        mask = torch.full((t, t), float("-inf")).triu(1)
        for layer in self.encoder.layers:
            x = layer(x, mask)
        x = self.final_layer_norm(x)
        return x
