"""Image-GPT: a GPT-2-like decoder over colour-cluster tokens of a downsampled image.

The model shape is encoded in the variant string (``L`` layers, ``H`` heads, ``D`` width); the
vocabulary is the colour palette plus the start-of-image token, the context one token per pixel.
"""

import re

import torch
import torch.nn as nn

VARIANT = "igpt-L3-H4-D64"
CLUSTERS = 64
RESOLUTION = 8
EPS = 1e-5

_shape = re.fullmatch(r"igpt-L(\d+)-H(\d+)-D(\d+)", VARIANT)
N_LAYER, N_HEAD, N_EMBD = (int(g) for g in _shape.groups())
N_VOCAB = CLUSTERS + 1  # + the start-of-image token
N_CTX = RESOLUTION * RESOLUTION


class ScaleOnlyNorm(nn.Module):
    """iGPT's norm: no centring, no bias."""

    def __init__(self, n):
        super().__init__()
        self.g = nn.Parameter(torch.ones(n))

    def forward(self, x):
        return x / torch.sqrt(x.square().mean(-1, keepdim=True) + EPS) * self.g


class Attn(nn.Module):
    def __init__(self):
        super().__init__()
        self.c_attn = nn.Linear(N_EMBD, 3 * N_EMBD)
        self.c_proj = nn.Linear(N_EMBD, N_EMBD)

    def forward(self, x):
        b, t, c = x.shape
        hs = c // N_HEAD
        q, k, v = (
            y.reshape(b, t, N_HEAD, hs).transpose(1, 2) for y in self.c_attn(x).split(c, dim=2)
        )
        att = (q @ k.transpose(-2, -1)) / hs**0.5
        causal = torch.tril(torch.ones(t, t, dtype=torch.bool, device=x.device))
        att = att.masked_fill(~causal, torch.finfo(att.dtype).min).softmax(-1)
        return self.c_proj((att @ v).transpose(1, 2).reshape(b, t, c))


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.c_fc = nn.Linear(N_EMBD, 4 * N_EMBD)
        self.c_proj = nn.Linear(4 * N_EMBD, N_EMBD)

    def forward(self, x):
        h = self.c_fc(x)
        return self.c_proj(h * torch.sigmoid(1.702 * h))


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln_1 = ScaleOnlyNorm(N_EMBD)
        self.attn = Attn()
        self.ln_2 = ScaleOnlyNorm(N_EMBD)
        self.mlp = MLP()

    def forward(self, x):
        x = x + self.attn(self.ln_1(x))
        return x + self.mlp(self.ln_2(x))


class ImageGPT(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte = nn.Embedding(N_VOCAB, N_EMBD)
        self.wpe = nn.Embedding(N_CTX, N_EMBD)
        self.h = nn.ModuleList([Block() for _ in range(N_LAYER)])
        self.ln_f = ScaleOnlyNorm(N_EMBD)
        # the head predicts colour clusters only (never the start token)
        self.head = nn.Linear(N_EMBD, N_VOCAB - 1, bias=False)

    def forward(self, pixels):
        t = pixels.shape[1]
        x = self.wte(pixels) + self.wpe(torch.arange(t, device=pixels.device))
        for block in self.h:
            x = block(x)
        return self.head(self.ln_f(x))
