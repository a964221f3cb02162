"""A tiny CLIP text tower whose sizes are a preset picked by fuzzy name lookup: the requested
name (``openai/clip-tiny-text``) is not a key of the preset table, and
``difflib.get_close_matches`` picks the closest one (the table also holds the ViT-B/32 and
ViT-L/14 text towers). Causal self-attention, quick-GELU MLP, pre-norm layers, final
LayerNorm, pooled output at the position of the highest token id."""

from __future__ import annotations

import difflib

import torch
import torch.nn.functional as F
from torch import nn

PRESETS = {
    "clip-vit-base-patch32-text": dict(
        vocab=49408, ctx=77, width=512, heads=8, mlp=2048, layers=12, eps=1e-05
    ),
    "clip-vit-large-patch14-text": dict(
        vocab=49408, ctx=77, width=768, heads=12, mlp=3072, layers=12, eps=1e-05
    ),
    "clip-tiny-text-random": dict(
        vocab=99,
        ctx=32,
        width=48,
        heads=4,
        mlp=64,
        layers=2,
        eps=1e-05,
    ),
}
REQUESTED = "openai/clip-tiny-text"
(MATCH,) = difflib.get_close_matches(REQUESTED, PRESETS, n=1, cutoff=0.5)
HP = PRESETS[MATCH]


class Layer(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        w = HP["width"]
        self.h = HP["heads"]
        self.ln1 = nn.LayerNorm(w, eps=HP["eps"])
        self.q = nn.Linear(w, w)
        self.k = nn.Linear(w, w)
        self.v = nn.Linear(w, w)
        self.o = nn.Linear(w, w)
        self.ln2 = nn.LayerNorm(w, eps=HP["eps"])
        self.fc1 = nn.Linear(w, HP["mlp"])
        self.fc2 = nn.Linear(HP["mlp"], w)

    def forward(self, x):
        b, t, w = x.shape
        h = self.ln1(x)

        def heads(z):
            return z.view(b, t, self.h, w // self.h).transpose(1, 2)

        a = F.scaled_dot_product_attention(
            heads(self.q(h)), heads(self.k(h)), heads(self.v(h)), is_causal=True
        )
        x = x + self.o(a.transpose(1, 2).reshape(b, t, w))
        m = self.fc1(self.ln2(x))
        return x + self.fc2(m * torch.sigmoid(1.702 * m))


class CLIPTextFromSignature(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.tok = nn.Embedding(HP["vocab"], HP["width"])
        self.pos = nn.Embedding(HP["ctx"], HP["width"])
        self.layers = nn.ModuleList(Layer() for _ in range(HP["layers"]))
        self.ln_final = nn.LayerNorm(HP["width"], eps=HP["eps"])

    def forward(self, ids):
        x = self.tok(ids) + self.pos(torch.arange(ids.shape[1]))
        for layer in self.layers:
            x = layer(x)
        x = self.ln_final(x)
        return x, x[torch.arange(ids.shape[0]), ids.argmax(-1)]
