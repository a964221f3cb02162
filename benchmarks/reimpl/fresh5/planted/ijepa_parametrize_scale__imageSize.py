"""I-JEPA context encoder (a ViT without a class token): the softmax scale folded into the query
projection with ``torch.nn.utils.parametrize`` (the stored weight stays the checkpoint's,
the module sees it scaled), so attention runs with scale 1."""

import math

import torch
import torch.nn.functional as F
from torch import nn
from torch.nn.utils import parametrize

IMG = 64
PATCH = 8
D = 64
LAYERS = 3
HEADS = 4
MLP = 160
LN_EPS = 1e-12


class Scaled(nn.Module):
    def __init__(self, factor):
        super().__init__()
        self.factor = factor

    def forward(self, w):
        return w * self.factor


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.q = nn.Linear(D, D)
        self.k = nn.Linear(D, D)
        self.v = nn.Linear(D, D)
        self.o = nn.Linear(D, D)
        scale = 1.0 / math.sqrt(D // HEADS)
        parametrize.register_parametrization(self.q, "weight", Scaled(scale))
        parametrize.register_parametrization(self.q, "bias", Scaled(scale))

    def forward(self, x):
        b, n, _ = x.shape
        q, k, v = (m(x).view(b, n, HEADS, -1).transpose(1, 2) for m in (self.q, self.k, self.v))
        out = F.scaled_dot_product_attention(q, k, v, scale=1.0)
        return self.o(out.transpose(1, 2).reshape(b, n, D))


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln1 = nn.LayerNorm(D, eps=LN_EPS)
        self.attn = Attention()
        self.ln2 = nn.LayerNorm(D, eps=LN_EPS)
        self.mlp = nn.Sequential(nn.Linear(D, MLP), nn.GELU(), nn.Linear(MLP, D))

    def forward(self, x):
        x = x + self.attn(self.ln1(x))
        return x + self.mlp(self.ln2(x))


class IJepaEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.patchify = nn.Conv2d(3, D, PATCH, PATCH)
        self.pos = nn.Parameter(torch.zeros(1, (IMG // PATCH) ** 2, D))
        self.layers = nn.ModuleList(Layer() for _ in range(LAYERS))
        self.ln_f = nn.LayerNorm(D, eps=LN_EPS)

    def forward(self, img):
        x = self.patchify(img).flatten(2).transpose(1, 2) + self.pos
        for layer in self.layers:
            x = layer(x)
        return self.ln_f(x)
