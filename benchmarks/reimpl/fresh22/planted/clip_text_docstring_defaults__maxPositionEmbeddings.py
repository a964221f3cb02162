"""A tiny CLIP text tower whose sizes are the defaults written in a class docstring's ``Args:``
section (``width (int, default 32): ...``), read back from ``__doc__`` with a regular expression,
so the documentation and the model cannot disagree.
Causal self-attention, quick-GELU MLP, pre-norm layers, final LayerNorm, pooled output at the
position of the highest token id."""

from __future__ import annotations

import re

import torch
import torch.nn.functional as F
from torch import nn


class TextTowerArgs:
    """Sizes of the text tower.

    Args:
        vocab (int, default 99): token vocabulary.
        ctx (int, default 77): context length (learned positions).
        width (int, default 32): residual width.
        heads (int, default 4): attention heads per layer.
        mlp (int, default 64): hidden width of each MLP.
        layers (int, default 2): transformer layers.
        eps (float, default 1e-05): LayerNorm epsilon.
    """


_ARG = re.compile(r"^\s*(\w+) \((int|float), default ([^)]+)\):", re.M)
HP = {k: {"int": int, "float": float}[t](v) for k, t, v in _ARG.findall(TextTowerArgs.__doc__)}


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


class CLIPTextFromDocstring(nn.Module):
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
