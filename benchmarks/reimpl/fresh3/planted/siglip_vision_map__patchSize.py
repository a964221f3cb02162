"""SigLIP vision tower: settings layered with ``collections.ChainMap`` (tiny overrides over the
So400m-like defaults), patches cut by ``F.unfold`` and embedded by a Linear on the flattened
[3 * 16 * 16] patch (no convolution), an ``nn.Embedding`` of positions with no class token,
pre-LN blocks, a post LayerNorm, and the multihead-attention-pooling head (a learned probe
queried through ``nn.MultiheadAttention``, then LayerNorm and an MLP)."""

from collections import ChainMap

import torch
import torch.nn as nn
import torch.nn.functional as F

DEFAULTS = dict(image=384, patch=14, width=1152, depth=27, heads=16, mlp=4304, eps=1e-6, chans=3)
TINY = dict(image=64, patch=8, width=64, depth=2, heads=4, mlp=160)
H = ChainMap(TINY, DEFAULTS)


class Mlp(nn.Module):
    def __init__(self, d, hidden):
        super().__init__()
        self.fc1, self.fc2 = nn.Linear(d, hidden), nn.Linear(hidden, d)

    def forward(self, x):
        return self.fc2(F.gelu(self.fc1(x), approximate="tanh"))


class EncoderLayer(nn.Module):
    def __init__(self, h):
        super().__init__()
        d = h["width"]
        self.heads = h["heads"]
        self.norm1 = nn.LayerNorm(d, eps=h["eps"])
        self.q, self.k, self.v, self.o = (nn.Linear(d, d) for _ in range(4))
        self.norm2 = nn.LayerNorm(d, eps=h["eps"])
        self.mlp = Mlp(d, h["mlp"])

    def forward(self, x):
        b, n, d = x.shape
        y = self.norm1(x)
        q, k, v = (
            p(y).view(b, n, self.heads, -1).transpose(1, 2) for p in (self.q, self.k, self.v)
        )
        x = x + self.o(F.scaled_dot_product_attention(q, k, v).transpose(1, 2).reshape(b, n, d))
        return x + self.mlp(self.norm2(x))


class MAPHead(nn.Module):
    def __init__(self, h):
        super().__init__()
        d = h["width"]
        self.probe = nn.Parameter(torch.randn(1, 1, d))
        self.attention = nn.MultiheadAttention(d, h["heads"], batch_first=True)
        self.layernorm = nn.LayerNorm(d, eps=h["eps"])
        self.mlp = Mlp(d, h["mlp"])

    def forward(self, x):
        probe = self.probe.expand(x.shape[0], -1, -1)
        y = self.attention(probe, x, x, need_weights=False)[0]
        return (y + self.mlp(self.layernorm(y)))[:, 0]


class SiglipVision(nn.Module):
    def __init__(self, h=H):
        super().__init__()
        self.patch = h["patch"]
        self.patch_embed = nn.Linear(h["chans"] * h["patch"] ** 2, h["width"])
        self.position_embedding = nn.Embedding((h["image"] // h["patch"]) ** 2, h["width"])
        self.layers = nn.ModuleList(EncoderLayer(h) for _ in range(h["depth"]))
        self.post_layernorm = nn.LayerNorm(h["width"], eps=h["eps"])
        self.head = MAPHead(h)

    def forward(self, pixels):
        patches = F.unfold(pixels, kernel_size=self.patch, stride=self.patch).transpose(1, 2)
        x = self.patch_embed(patches)
        x = x + self.position_embedding(torch.arange(x.shape[1]))
        for layer in self.layers:
            x = layer(x)
        x = self.post_layernorm(x)
        return x, self.head(x)
