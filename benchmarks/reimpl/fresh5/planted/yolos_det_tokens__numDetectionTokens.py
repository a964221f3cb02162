"""YOLOS (ViT backbone for detection): a class token and learned detection tokens appended after
the patches, one position table covering all of them, and separate "mid" position embeddings
added after every layer but the last. Blocks are built by a builder object whose methods
return the parts (``Builder().attention()``, ``.mlp()``)."""

import torch
import torch.nn.functional as F
from torch import nn


class Builder:
    width = 64
    heads = 4
    mlp = 128
    depth = 2
    eps = 1e-12
    image = 32
    patch = 8
    det_tokens = 10

    @property
    def n_tokens(self):
        return 1 + (self.image // self.patch) ** 2 + self.det_tokens

    def attention(self):
        return nn.ModuleDict(
            {n: nn.Linear(self.width, self.width) for n in ("query", "key", "value", "out")}
        )

    def mlp_block(self):
        return nn.Sequential(
            nn.Linear(self.width, self.mlp), nn.GELU(), nn.Linear(self.mlp, self.width)
        )

    def norm(self):
        return nn.LayerNorm(self.width, eps=self.eps)


B = Builder()


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm_before = B.norm()
        self.attn = B.attention()
        self.norm_after = B.norm()
        self.mlp = B.mlp_block()

    def forward(self, x):
        b, n, d = x.shape
        h = self.norm_before(x)
        q, k, v = (
            self.attn[m](h).view(b, n, B.heads, -1).transpose(1, 2)
            for m in ("query", "key", "value")
        )
        a = F.scaled_dot_product_attention(q, k, v).transpose(1, 2).reshape(b, n, d)
        x = x + self.attn["out"](a)
        return x + self.mlp(self.norm_after(x))


class Yolos(nn.Module):
    def __init__(self):
        super().__init__()
        self.patch_embed = nn.Conv2d(3, B.width, B.patch, B.patch)
        self.cls_token = nn.Parameter(torch.zeros(1, 1, B.width))
        self.det_tokens = nn.Parameter(torch.zeros(1, B.det_tokens, B.width))
        self.pos_embed = nn.Parameter(torch.zeros(1, B.n_tokens, B.width))
        self.mid_pos_embed = nn.Parameter(torch.zeros(B.depth - 1, 1, B.n_tokens, B.width))
        self.layers = nn.ModuleList(Layer() for _ in range(B.depth))
        self.norm = B.norm()
        self.pooler = nn.Linear(B.width, B.width)

    def forward(self, pixels):
        x = self.patch_embed(pixels).flatten(2).transpose(1, 2)
        b = x.shape[0]
        x = torch.cat([self.cls_token.expand(b, -1, -1), x, self.det_tokens.expand(b, -1, -1)], 1)
        x = x + self.pos_embed
        for i, layer in enumerate(self.layers):
            x = layer(x)
            if i < B.depth - 1:
                x = x + self.mid_pos_embed[i]
        x = self.norm(x)
        return x, torch.tanh(self.pooler(x[:, 0]))
