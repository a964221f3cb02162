"""MLCD's vision tower (CLIP-like, 2-D rotary attention instead of position embeddings, a class
token with its own rotary slot): the sizes are named groups of the checkpoint tag, and the
layer stack is built by a recursive helper."""

import re

import torch
import torch.nn.functional as F
from torch import nn

TAG = "mlcd-vit-w64-h4-m160-l2-p8-i32"
M = re.fullmatch(
    r"mlcd-vit-w(?P<width>\d+)-h(?P<heads>\d+)-m(?P<mlp>\d+)-l(?P<layers>\d+)-p(?P<patch>\d+)-i(?P<image>\d+)",
    TAG,
)
WIDTH, HEADS, MLP, LAYERS, PATCH, IMAGE = (
    int(M[g]) for g in ("width", "heads", "mlp", "layers", "patch", "image")
)


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.layer_norm1 = nn.LayerNorm(WIDTH)
        self.q_proj = nn.Linear(WIDTH, WIDTH)
        self.k_proj = nn.Linear(WIDTH, WIDTH)
        self.v_proj = nn.Linear(WIDTH, WIDTH)
        self.out_proj = nn.Linear(WIDTH, WIDTH)
        self.layer_norm2 = nn.LayerNorm(WIDTH)
        self.fc1 = nn.Linear(WIDTH, MLP)
        self.fc2 = nn.Linear(MLP, WIDTH)

    def forward(self, x, cos, sin):
        b, t, _ = x.shape
        h = self.layer_norm1(x)
        q, k, v = (
            p(h).view(b, t, HEADS, -1).transpose(1, 2)
            for p in (self.q_proj, self.k_proj, self.v_proj)
        )

        def rot(z):
            a, c = z.chunk(2, -1)
            return z * cos + torch.cat([-c, a], -1) * sin

        o = F.scaled_dot_product_attention(rot(q), rot(k), v)
        x = x + self.out_proj(o.transpose(1, 2).reshape(b, t, -1))
        return x + self.fc2(F.gelu(self.fc1(self.layer_norm2(x))))


def stack(n):
    """``n`` layers: one, then the stack of the rest."""
    return [] if n == 0 else [Layer(), *stack(n - 1)]


class MLCDVision(nn.Module):
    def __init__(self):
        super().__init__()
        hd = WIDTH // HEADS
        self.class_embedding = nn.Parameter(torch.randn(WIDTH))
        self.patch_embedding = nn.Conv2d(3, WIDTH, PATCH, PATCH, bias=False)
        self.class_pos_emb = nn.Parameter(torch.randn(1, hd // 2))
        self.pre_layrnorm = nn.LayerNorm(WIDTH)
        self.layers = nn.ModuleList(stack(LAYERS))
        self.post_layernorm = nn.LayerNorm(WIDTH)

    def forward(self, pixels):
        x = self.patch_embedding(pixels).flatten(2).transpose(1, 2)
        b, n, _ = x.shape
        x = torch.cat([self.class_embedding.expand(b, 1, -1), x], 1)
        side = IMAGE // PATCH
        hd = WIDTH // HEADS
        inv = 1.0 / 10000.0 ** (torch.arange(0, hd // 2, 2).float() / (hd // 2))
        r, c = torch.meshgrid(torch.arange(side), torch.arange(side), indexing="ij")
        ang = torch.cat([r.flatten()[:, None] * inv, c.flatten()[:, None] * inv], -1)
        ang = torch.cat([self.class_pos_emb, ang], 0)
        ang = torch.cat([ang, ang], -1)
        x = self.pre_layrnorm(x)
        for layer in self.layers:
            x = layer(x, ang.cos(), ang.sin())
        return self.post_layernorm(x)
