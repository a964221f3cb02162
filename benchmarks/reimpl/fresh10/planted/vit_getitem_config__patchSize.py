"""ViT with a config object that is indexed like a dict (``C["patch"]``) through
``__getitem__`` on a plain class; class token, learned positions, pooler."""

import torch
from torch import nn


class Cfg:
    image = 32
    patch = 16
    channels = 3
    width = 64
    depth = 2
    heads = 4
    mlp = 128
    eps = 1e-12

    def __getitem__(self, key):
        return getattr(self, key)


C = Cfg()


class EncoderLayer(nn.Module):
    def __init__(self):
        super().__init__()
        w = C["width"]
        self.layernorm_before = nn.LayerNorm(w, eps=C["eps"])
        self.qkv = nn.ModuleList(nn.Linear(w, w) for _ in range(3))
        self.proj = nn.Linear(w, w)
        self.layernorm_after = nn.LayerNorm(w, eps=C["eps"])
        self.fc_in = nn.Linear(w, C["mlp"])
        self.fc_out = nn.Linear(C["mlp"], w)

    def forward(self, x):
        b, t, w = x.shape
        h = self.layernorm_before(x)
        q, k, v = (p(h).view(b, t, C["heads"], -1).transpose(1, 2) for p in self.qkv)
        o = nn.functional.scaled_dot_product_attention(q, k, v)
        x = x + self.proj(o.transpose(1, 2).reshape(b, t, w))
        return x + self.fc_out(nn.functional.gelu(self.fc_in(self.layernorm_after(x))))


class ViT(nn.Module):
    def __init__(self):
        super().__init__()
        n = (C["image"] // C["patch"]) ** 2
        self.patchify = nn.Conv2d(C["channels"], C["width"], C["patch"], stride=C["patch"])
        self.cls = nn.Parameter(torch.zeros(1, 1, C["width"]))
        self.pos = nn.Parameter(torch.zeros(1, n + 1, C["width"]))
        self.encoder = nn.ModuleList(EncoderLayer() for _ in range(C["depth"]))
        self.norm = nn.LayerNorm(C["width"], eps=C["eps"])
        self.pooler = nn.Linear(C["width"], C["width"])

    def forward(self, pixels):
        x = self.patchify(pixels).flatten(2).transpose(1, 2)
        x = torch.cat((self.cls.expand(x.shape[0], -1, -1), x), 1) + self.pos
        for layer in self.encoder:
            x = layer(x)
        x = self.norm(x)
        return x, torch.tanh(self.pooler(x[:, 0]))
